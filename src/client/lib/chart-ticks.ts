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

/** The smallest round step that covers `span` in at most `maxIntervals` intervals. */
function roundStep(span: number, maxIntervals: number): number {
  const raw = span / maxIntervals;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = STEPS.find((s) => s * power >= raw - 1e-9) ?? 10;
  return step * power;
}

/**
 * Ticks for values between `min` and `max` (zero included whatever they are): about `maxIntervals`
 * intervals, one more at most where the ends round outwards.
 */
export function moneyAxisTicks(min: number, max: number, maxIntervals = 5): AxisTicks {
  const low = Math.min(0, min);
  const high = Math.max(0, max);
  if (high - low === 0) return { domain: [0, 1], ticks: [0, 1] };
  const step = roundStep(high - low, maxIntervals);
  // Integer multiples of the step, so every tick is exact (no 0.30000000000000004) and zero is one.
  const first = Math.floor(low / step + 1e-9);
  const last = Math.ceil(high / step - 1e-9);
  const ticks: number[] = [];
  for (let k = first; k <= last; k++) ticks.push(Number((k * step).toPrecision(12)) + 0);
  return { domain: [ticks[0]!, ticks.at(-1)!], ticks };
}
