/**
 * Clicks that arrive before the app has taken a server-rendered page over (docs/decisions/030).
 * Until then the page is HTML: a link navigates as any link does, but a button (the demo's, a
 * tab that is not a link) has no handler yet. main.tsx starts listening as soon as it runs; the
 * last such button click is replayed once React has hydrated the page, and a link that began a
 * navigation of the whole window keeps the app from starting at all (the next page is on its way:
 * the app's start would only spend the CPU that page needs, and its router's first history write
 * may cancel that navigation). From hydrateRoot on, React handles clicks itself: it hydrates the
 * clicked part at once and runs its handler.
 */

/** A click that started a navigation of this window (same tab, no modifier), set by the listener. */
let leaving = false;
/** The last button clicked before the app, to click again once hydrated. */
let pendingButton: HTMLElement | null = null;
let recording = false;

/** What a click on `target` does before the app runs: navigates (a link), nothing (a button), or the browser's own (the rest). */
function onEarlyClick(event: MouseEvent) {
  if (!recording || !(event.target instanceof Element)) return;
  const link = event.target.closest('a[href]');
  if (link) {
    // Left to the browser: it navigates unless something prevented it or it opens elsewhere.
    const opensElsewhere =
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      (link.getAttribute('target') ?? '_self') !== '_self' ||
      link.hasAttribute('download');
    const samePage = (link as HTMLAnchorElement).href.split('#')[0] === window.location.href.split('#')[0];
    if (!event.defaultPrevented && !opensElsewhere && !samePage) leaving = true;
    return;
  }
  // A submit button submits its form natively (a GET of the same page at worst): left alone.
  const button = event.target.closest('button, [role="button"], [role="tab"]');
  if (!button || !(button instanceof HTMLElement)) return;
  if (button instanceof HTMLButtonElement && button.type === 'submit' && button.form) return;
  pendingButton = button;
}

/** main.tsx: listens from now until the app takes over (bubble phase: a link's default is known). */
export function recordEarlyClicks() {
  recording = true;
  document.addEventListener('click', onEarlyClick);
}

/**
 * Runs `start` now, or, when a link click is taking the window to another page, only if the
 * browser brings this page back from its cache (Back): the navigation it waited for is over.
 */
export function unlessLeaving(start: () => void) {
  if (!leaving) return start();
  window.addEventListener('pageshow', function onShow(event) {
    if (!event.persisted) return;
    window.removeEventListener('pageshow', onShow);
    leaving = false;
    start();
  });
}

/**
 * start.tsx, right before hydrateRoot: stops recording (React sees every click from now on) and
 * replays the last early button click once the page is hydrated.
 */
export function replayEarlyClicksOnceHydrated(isHydrated: () => boolean) {
  recording = false;
  document.removeEventListener('click', onEarlyClick);
  const button = pendingButton;
  pendingButton = null;
  if (!button) return;
  const replay = () => {
    if (button.isConnected) button.click();
  };
  if (isHydrated()) return replay();
  const observer = new MutationObserver(() => {
    if (!isHydrated()) return;
    observer.disconnect();
    replay();
  });
  observer.observe(document.documentElement, { attributes: true });
}
