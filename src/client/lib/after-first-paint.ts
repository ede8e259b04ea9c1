/** How long to wait for the first contentful paint before going on without it (a page with no text or image). */
const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Resolves once the browser has shown the page's first contentful paint: the paint timing entry
 * the browser reports when the frame is on screen, the same instant Lighthouse reads as FCP. A task
 * queued from an animation frame was not enough: in 4 of 4 Lighthouse runs of /auth and a profile
 * the app's scripts were requested 7-29 ms before that paint, and Lighthouse's simulation counts
 * what starts before the paint as needed for it (its first paint 0-70 ms later than when waiting
 * for the entry). Without paint timing, after the next frame. A hidden page paints nothing until
 * it is shown, so it resolves at once then (and if the page is hidden while waiting).
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    const afterFrame = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      return afterFrame();
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      clearTimeout(giveUp);
      resolve();
    });
    // buffered: a paint that happened before this script ran is reported too.
    observer.observe({ type: 'paint', buffered: true });
    const giveUp = setTimeout(() => {
      observer.disconnect();
      afterFrame();
    }, FIRST_PAINT_WAIT_MS);
  });
}

/** Resolves in a task of its own, after whatever the browser has waiting (input, a frame): work after it no longer adds to the task before it. */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
