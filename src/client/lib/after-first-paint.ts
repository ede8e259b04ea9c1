/**
 * Resolves once the browser has painted what is on screen now: a task queued from an animation
 * frame callback runs after that frame is rendered. A hidden page paints nothing and runs no
 * animation frames until it is shown, so it resolves at once then (and if the page is hidden
 * while waiting).
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** Resolves in a task of its own, after whatever the browser has waiting (input, a frame): work after it no longer adds to the task before it. */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
