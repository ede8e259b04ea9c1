import { useEffect, useState } from 'react';

/** setTimeout's longest delay (about 24.8 days); a later instant is reached in several waits. */
const MAX_DELAY_MS = 2 ** 31 - 1;

const passedBy = (instants: readonly number[], time: number) => instants.filter((t) => t <= time).length;

/**
 * The time now, for rules that change at known instants (an event's start, 72 hours after it).
 * The component re-renders when each instant passes, and only then: a timer waits for the next
 * one, and the clock is read again whenever the page becomes visible (a laptop waking up, a clock
 * that jumped). What a component shows from this value is never that of a stale 'now'.
 *
 * With `stepMs`, the time left until the first instant and the time since it, each in whole steps,
 * count too: a countdown ("Starts in 3 h 12 min", floored) or a wait ("Started 5 min ago") worded
 * to the minute passes MINUTE_MS and changes the moment its text does.
 */
export function useNow(instants: readonly number[], stepMs?: number): Date {
  const [now, setNow] = useState(() => Date.now());
  const key = instants.join(',');

  useEffect(() => {
    const times = key === '' ? [] : key.split(',').map(Number);
    const anchor = times[0];
    const stepped = stepMs !== undefined && anchor !== undefined;
    // Whole steps left (as negatives, -1 for the last one) or gone by: what the text shows.
    const steps = (time: number) =>
      !stepped ? 0 : time < anchor ? -Math.floor((anchor - time) / stepMs) - 1 : Math.floor((time - anchor) / stepMs);
    // The first moment `steps` differs from now: a countdown drops a step just after a whole one is left.
    const nextStep = (time: number) =>
      !stepped
        ? Infinity
        : time < anchor
          ? anchor - Math.floor((anchor - time) / stepMs) * stepMs + 1
          : anchor + (Math.floor((time - anchor) / stepMs) + 1) * stepMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      const current = Date.now();
      // A new value only when an instant was crossed (either way): no render for nothing.
      setNow((shown) =>
        passedBy(times, shown) === passedBy(times, current) && steps(shown) === steps(current) ? shown : current,
      );
      const next = Math.min(nextStep(current), ...times.filter((t) => t > current));
      if (Number.isFinite(next)) timer = setTimeout(check, Math.min(Math.max(next - current, 1), MAX_DELAY_MS));
    };
    check();
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', check);
    };
  }, [key, stepMs]);

  return new Date(now);
}
