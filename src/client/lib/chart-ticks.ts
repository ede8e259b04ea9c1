/**
 * Axis ticks for money at round values: steps of 1, 2, 2.5 or 5 times a power of ten, always
 * through zero, and the axis's ends on a tick. recharts' own ticks divide whatever domain it is
 * given evenly, which put the zero line at "$0.9" between "$25" and "-$19.1".
 */
export interface AxisTicks {
  domain: [number, number];
  ticks: number[];
}

const STEPS = [1, 2, 2.5, 5, 10];

/** The smallest round step that covers `span` in at most `maxIntervals` intervals (at least `least`). */
function roundStep(span: number, maxIntervals: number, least = 0): number {
  const raw = Math.max(span / maxIntervals, least);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = STEPS.find((s) => s * power >= raw - 1e-9) ?? 10;
  return step * power;
}

/**
 * Ticks for values between `min` and `max` (zero included whatever they are): about `maxIntervals`
 * intervals, one more at most where the ends round outwards.
 */
export function moneyAxisTicks(min: number, max: number, maxIntervals = 5): AxisTicks {
  return roundTicks(min, max, maxIntervals, 0);
}

/**
 * Ticks for counts from zero to `max`: whole round steps (1, 2, 5, 10, 25, 50 …), never 150 or 0.5.
 */
export function countAxisTicks(max: number, maxIntervals = 5): AxisTicks {
  return roundTicks(0, max, maxIntervals, 1);
}

function roundTicks(min: number, max: number, maxIntervals: number, leastStep: number): AxisTicks {
  const low = Math.min(0, min);
  const high = Math.max(0, max);
  if (high - low === 0) return { domain: [0, 1], ticks: [0, 1] };
  // A whole step of 2.5 is not whole below 10 (2.5 itself): take 5 there.
  let step = roundStep(high - low, maxIntervals, leastStep);
  if (leastStep >= 1 && !Number.isInteger(step)) step = roundStep(step * 1.01, 1, leastStep);
  // Integer multiples of the step, so every tick is exact (no 0.30000000000000004) and zero is one.
  const first = Math.floor(low / step + 1e-9);
  const last = Math.ceil(high / step - 1e-9);
  const ticks: number[] = [];
  for (let k = first; k <= last; k++) ticks.push(Number((k * step).toPrecision(12)) + 0);
  return { domain: [ticks[0]!, ticks.at(-1)!], ticks };
}

/** A unit a time axis may step by, in the reader's own calendar. */
export type TimeUnit = 'hour' | 'day' | 'month' | 'year';

/** A time axis's ticks (ms) and the unit they step by, so their labels say no more than it. */
export interface TimeTicks {
  unit: TimeUnit;
  ticks: number[];
}

const TIME_STEPS: [TimeUnit, number][] = [
  ['hour', 1],
  ['hour', 3],
  ['hour', 6],
  ['hour', 12],
  ['day', 1],
  ['day', 2],
  ['day', 7],
  ['day', 14],
  ['month', 1],
  ['month', 2],
  ['month', 3],
  ['month', 6],
  ['year', 1],
  ['year', 2],
  ['year', 5],
  ['year', 10],
];

/** The start of `unit` (every `count` of them) at or after `time`, in the reader's zone. */
function ceilTo(time: number, unit: TimeUnit, count: number): Date {
  const d = new Date(time);
  if (unit === 'hour') d.setMinutes(0, 0, 0);
  else d.setHours(0, 0, 0, 0);
  if (unit === 'month') d.setDate(1);
  if (unit === 'year') d.setMonth(0, 1);
  while (d.getTime() < time || !onStep(d, unit, count)) advance(d, unit, 1);
  return d;
}

/** Whether `d` is a multiple of `count` units (days from the month's 1st, months from January, years from 0). */
function onStep(d: Date, unit: TimeUnit, count: number): boolean {
  if (unit === 'hour') return d.getHours() % count === 0;
  if (unit === 'day') return count === 1 || ((d.getDate() - 1) % count === 0 && d.getDate() + count <= 29);
  if (unit === 'month') return d.getMonth() % count === 0;
  return d.getFullYear() % count === 0;
}

function advance(d: Date, unit: TimeUnit, count: number) {
  if (unit === 'hour') d.setHours(d.getHours() + count);
  else if (unit === 'day') d.setDate(d.getDate() + count);
  else if (unit === 'month') d.setMonth(d.getMonth() + count);
  else d.setFullYear(d.getFullYear() + count);
}

/**
 * Ticks at round moments between `start` and `end` (ms): the starts of hours, days, months or years
 * in the reader's zone, every 1, 2, 3 … of them, the finest step that gives at most `maxTicks`.
 * recharts' own ticks on a time axis fall wherever the data does ("Feb 2", "Feb 20", "Mar 18").
 */
export function timeAxisTicks(start: number, end: number, maxTicks: number): TimeTicks {
  for (const [unit, count] of TIME_STEPS) {
    const ticks: number[] = [];
    for (let d = ceilTo(start, unit, count); d.getTime() <= end && ticks.length <= maxTicks;) {
      ticks.push(d.getTime());
      advance(d, unit, 1);
      while (!onStep(d, unit, count)) advance(d, unit, 1);
    }
    if (ticks.length <= maxTicks) return { unit, ticks };
  }
  return { unit: 'year', ticks: [] };
}
