/**
 * Display formatting, en-US as the rest of the app's text, written out rather than through Intl:
 * the first use of Intl on a page loads ICU's locale data (60-80 ms of a slow phone's main thread,
 * Lighthouse's Total Blocking Time), and the server's Node and the browser's ICU can disagree on
 * a character (a narrow no-break space before "PM"), which would break hydration. Money arrives
 * from the API as decimal strings ("25.00", "-10.00") and is formatted from the string exactly
 * (no binary float on the way).
 */
import { groupThousands } from '../../shared/number-format.ts';

/** A decimal string to its sign, whole dollars and cents, rounded half away from zero to the cent; null if not a number. */
function dollarsAndCents(decimal: string): { negative: boolean; dollars: string; cents: string } | null {
  const m = /^([-+])?(\d+)(?:\.(\d*))?$/.exec(decimal.trim());
  if (!m) return null;
  const fraction = (m[3] ?? '').padEnd(3, '0');
  let total = BigInt(m[2]!) * 100n + BigInt(fraction.slice(0, 2));
  if (fraction.charCodeAt(2) >= 53 /* '5' */) total += 1n;
  return {
    negative: m[1] === '-' && total !== 0n,
    dollars: groupThousands((total / 100n).toString()),
    cents: (total % 100n).toString().padStart(2, '0'),
  };
}

/** "1234.5" → "$1,234.50", "-10.00" → "-$10.00". */
export function formatMoney(decimal: string): string {
  const money = dollarsAndCents(decimal);
  if (!money) return decimal;
  return `${money.negative ? '-' : ''}$${money.dollars}.${money.cents}`;
}

/** With a sign unless zero, for profit and loss: "15.00" → "+$15.00", "-10.00" → "-$10.00", "0.00" → "$0.00". */
export function formatSignedMoney(decimal: string): string {
  const money = dollarsAndCents(decimal);
  if (!money) return decimal;
  const zero = money.dollars === '0' && money.cents === '00';
  return `${money.negative ? '-' : zero ? '' : '+'}$${money.dollars}.${money.cents}`;
}

/** A percentage with one decimal: 50 → "50.0%", 33.3 → "33.3%". */
export const formatPercent = (value: number): string => `${value.toFixed(1)}%`;

/** A signed percentage with one decimal: 25 → "+25.0%", -100 → "-100.0%", 0 → "0.0%". */
export const formatSignedPercent = (value: number): string =>
  `${value > 0 ? '+' : value < 0 ? '-' : ''}${Math.abs(value).toFixed(1)}%`;

/** Dates and times: the one style every page writes (shared/date-format.ts). */
export { formatDate, formatDateTime, formatMonthDay, formatMonthYear, formatTime } from '../../shared/date-format.ts';
