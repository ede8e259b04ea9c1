/**
 * Odds as people type them, read exactly. Pure and isomorphic: the server validates and stores
 * with it, the dashboard and the landing-page demo preview with it.
 *
 * Decimal odds are kept as an exact rational (BigInt numerator / denominator), never a float, so
 * -110 is exactly 21/11 and $110 at -110 pays exactly $210.00.
 */

/** An exact fraction; `den` is positive and the fraction is in lowest terms. */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

export const ODDS_FORMATS = ['american', 'decimal', 'fractional'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

export type ParsedOdds = { ok: true; format: OddsFormat; decimal: Rational } | { ok: false };

/** The message every invalid odds text gets, with one example of each accepted format. */
export const INVALID_ODDS_MESSAGE = 'Invalid odds: use American (+150 or -110), decimal (2.50) or fractional (5/2)';

/** Longer input is never odds; the cap also keeps the BigInt arithmetic small. */
export const ODDS_MAX_LENGTH = 32;
/** The largest decimal odds accepted (American +9,999,900, fractional 99999/1). */
export const MAX_DECIMAL_ODDS = 100_000n;
/**
 * The smallest decimal odds a bet may have (American -10000, fractional 1/100): below it a win is
 * worth almost nothing and a run of them is no record (decision 040). parseOdds reads lower odds;
 * the bet schemas refuse them with their own message.
 */
export const MIN_DECIMAL_ODDS: Rational = { num: 101n, den: 100n };
export const ODDS_BELOW_MINIMUM_MESSAGE = 'Odds must be at least 1.01 (American -10000, fractional 1/100)';
/** Decimal odds are stored to this many places (numeric(14, 6)). */
export const DECIMAL_ODDS_SCALE = 6;

const AMERICAN_SIGNED = /^([+-])(\d+)$/;
const WHOLE = /^\d+$/;
const DECIMAL = /^\d+\.\d+$/;
const FRACTIONAL = /^(\d+)\s*\/\s*(\d+)$/;

const INVALID: ParsedOdds = { ok: false };

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Builds a rational in lowest terms with a positive denominator. */
export function rational(num: bigint, den: bigint = 1n): Rational {
  if (den === 0n) throw new RangeError('denominator must not be zero');
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den);
  return g > 1n ? { num: num / g, den: den / g } : { num, den };
}

export const sameRational = (a: Rational, b: Rational) => a.num * b.den === b.num * a.den;

/** Rounds num/den half away from zero to an integer. */
export function roundHalfAwayFromZero(num: bigint, den: bigint): bigint {
  if (den < 0n) [num, den] = [-num, -den];
  const magnitude = ((num < 0n ? -num : num) * 2n + den) / (2n * den);
  return num < 0n ? -magnitude : magnitude;
}

/** `value` rounded half away from zero to `scale` places, as a plain decimal string ("2.500000"). */
export function formatRational(value: Rational, scale: number): string {
  const factor = 10n ** BigInt(scale);
  const scaled = roundHalfAwayFromZero(value.num * factor, value.den);
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** Decimal odds to `scale` places, as stored and sent in the API ("1.909091" for -110). */
export const decimalOddsString = (odds: Rational, scale: number = DECIMAL_ODDS_SCALE) => formatRational(odds, scale);

/** The stored decimal odds must exceed 1 at storage precision and stay within the cap. */
function accept(format: OddsFormat, decimal: Rational): ParsedOdds {
  if (decimal.num <= decimal.den) return INVALID;
  if (decimal.num > MAX_DECIMAL_ODDS * decimal.den) return INVALID;
  const factor = 10n ** BigInt(DECIMAL_ODDS_SCALE);
  if (roundHalfAwayFromZero(decimal.num * factor, decimal.den) <= factor) return INVALID;
  return { ok: true, format, decimal };
}

/** American odds (a whole number, |x| >= 100) as decimal odds: +x → 1 + x/100, −x → 1 + 100/x. */
function fromAmerican(sign: '+' | '-', magnitude: bigint): ParsedOdds {
  if (magnitude < 100n) return INVALID;
  const decimal = sign === '+' ? rational(magnitude + 100n, 100n) : rational(magnitude + 100n, magnitude);
  return accept('american', decimal);
}

/**
 * Reads odds as typed. Accepted, after trimming:
 * - American: `+150`, `-110`; an unsigned whole number of 100 or more (`150`) also reads as
 *   American. `+100` and `-100` both mean evens (2.0). Between -100 and +100 exclusive is invalid.
 * - Decimal: `2.5`, `1.91`, or an unsigned whole number below 100 (`3` is 3.0). Must exceed 1.
 * - Fractional: `5/2`, `11/10`: positive whole numbers; decimal = 1 + numerator / denominator.
 * Anything else, and odds above {@link MAX_DECIMAL_ODDS}, is `{ ok: false }`. Never throws.
 */
export function parseOdds(text: unknown): ParsedOdds {
  if (typeof text !== 'string' || text.length > ODDS_MAX_LENGTH * 4) return INVALID;
  const s = text.trim();
  if (s.length === 0 || s.length > ODDS_MAX_LENGTH) return INVALID;

  const american = AMERICAN_SIGNED.exec(s);
  if (american) return fromAmerican(american[1] as '+' | '-', BigInt(american[2]!));

  if (WHOLE.test(s)) {
    const whole = BigInt(s);
    return whole >= 100n ? fromAmerican('+', whole) : accept('decimal', rational(whole));
  }

  if (DECIMAL.test(s)) {
    const [whole, fraction] = s.split('.') as [string, string];
    return accept('decimal', rational(BigInt(whole + fraction), 10n ** BigInt(fraction.length)));
  }

  const fractional = FRACTIONAL.exec(s);
  if (fractional) {
    const numerator = BigInt(fractional[1]!);
    const denominator = BigInt(fractional[2]!);
    if (numerator === 0n || denominator === 0n) return INVALID;
    return accept('fractional', rational(numerator + denominator, denominator));
  }

  return INVALID;
}

export const isValidOdds = (text: unknown) => parseOdds(text).ok;

/** Odds that read but are below MIN_DECIMAL_ODDS (1.000001 from -100000000, 1.005, 1/1000). */
export const isBelowMinimumOdds = (odds: Rational): boolean =>
  odds.num * MIN_DECIMAL_ODDS.den < MIN_DECIMAL_ODDS.num * odds.den;

/**
 * The American odds equal to some decimal odds (> 1), exactly: +((d − 1) × 100) from evens up,
 * −(100 / (d − 1)) below evens. Evens is +100.
 */
export function americanFromDecimal(decimal: Rational): Rational {
  const profit = rational(decimal.num - decimal.den, decimal.den); // d - 1, per unit staked
  if (profit.num <= 0n) throw new RangeError('decimal odds must exceed 1');
  return profit.num >= profit.den ? rational(profit.num * 100n, profit.den) : rational(-100n * profit.den, profit.num);
}

/** The fractional odds (profit per unit staked) equal to some decimal odds, in lowest terms. */
export const fractionalFromDecimal = (decimal: Rational): Rational => rational(decimal.num - decimal.den, decimal.den);

/** Fractions are shown with a denominator of at most this (bookmakers' 10/11, 100/30 and the like). */
const MAX_FRACTION_DENOMINATOR = 100n;

/**
 * The fraction nearest `value` (> 0) whose denominator is at most `maxDen`: the last continued-
 * fraction convergent within the bound, so 0.909091 reads 10/11 rather than 909091/1000000.
 */
function nearestFraction(value: Rational, maxDen: bigint): Rational {
  if (value.den <= maxDen) return value;
  let [h0, h1, k0, k1] = [0n, 1n, 1n, 0n];
  let [num, den] = [value.num, value.den];
  while (den !== 0n) {
    const a = num / den;
    const [h2, k2] = [a * h1 + h0, a * k1 + k0];
    if (k2 > maxDen) break;
    [h0, h1, k0, k1] = [h1, h2, k1, k2];
    [num, den] = [den, num - a * den];
  }
  return rational(h1, k1);
}

/**
 * Decimal odds (> 1) written in one format, as every page shows them: decimal to 2 places
 * ("2.50"), American rounded to the whole number ("+150", "-110"), fractional in lowest terms
 * with a denominator of at most 100 ("3/2", "10/11").
 */
export function formatOdds(decimal: Rational, format: OddsFormat): string {
  if (format === 'decimal') return formatRational(decimal, 2);
  if (format === 'american') {
    const american = americanFromDecimal(decimal);
    const whole = roundHalfAwayFromZero(american.num, american.den);
    return whole > 0n ? `+${whole}` : String(whole);
  }
  const fraction = nearestFraction(fractionalFromDecimal(decimal), MAX_FRACTION_DENOMINATOR);
  return `${fraction.num}/${fraction.den}`;
}

/**
 * Odds text (as typed, or decimal as the API writes it: "2.500000") in the reader's format;
 * text that does not read as odds is returned as it is.
 */
export function displayOdds(text: string, format: OddsFormat): string {
  const parsed = parseOdds(text);
  return parsed.ok ? formatOdds(parsed.decimal, format) : text;
}

/** Reads a stored preference; anything else is the default, decimal. */
export const oddsFormatOf = (value: string | null | undefined): OddsFormat =>
  (ODDS_FORMATS as readonly string[]).includes(value ?? '') ? (value as OddsFormat) : 'decimal';

/** The names people know the formats by (Settings, and the hover text of every odds). */
export const ODDS_FORMAT_LABELS: Record<OddsFormat, string> = {
  american: 'American (+150, -110)',
  decimal: 'Decimal (2.50, 1.91)',
  fractional: 'Fractional (3/2, 10/11)',
};
