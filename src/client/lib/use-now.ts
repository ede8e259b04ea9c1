import { useEffect, useState } from 'react';

/** setTimeout's longest delay (about 24.8 days); a later instant is reached in several waits. */
const MAX_DELAY_MS = 2 ** 31 - 1;

const passedBy = (instants: readonly number[], time: number) => instants.filter((t) => t <= time).length;

/**
 * The time now, for rules that change at known instants (an event's start, 72 hours after it).
 * The component re-renders when each instant passes, and only then: a timer waits for the next
 * one, and the clock is read again whenever the page becomes visible (a laptop waking up, a clock
 * that jumped). What a component shows from this value is never that of a stale 'now'.
 */
export function useNow(instants: readonly number[]): Date {
  const [now, setNow] = useState(() => Date.now());
  const key = instants.join(',');

  useEffect(() => {
    const times = key === '' ? [] : key.split(',').map(Number);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      const current = Date.now();
      // A new value only when an instant was crossed (either way): no render for nothing.
      setNow((shown) => (passedBy(times, shown) === passedBy(times, current) ? shown : current));
      const next = Math.min(...times.filter((t) => t > current));
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
  }, [key]);

  return new Date(now);
}
