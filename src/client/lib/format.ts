/**
 * Display formatting. Money arrives from the API as decimal strings ("25.00", "-10.00"); Intl
 * formats those strings exactly (no binary float on the way).
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const signedUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' });

type Numeric = `${number}`;

/** "1234.5" → "$1,234.50", "-10.00" → "-$10.00". */
export const formatMoney = (decimal: string): string => usd.format(decimal as Numeric);

/** With a sign unless zero, for profit and loss: "15.00" → "+$15.00", "-10.00" → "-$10.00", "0.00" → "$0.00". */
export const formatSignedMoney = (decimal: string): string => signedUsd.format(decimal as Numeric);

/** A percentage with one decimal: 50 → "50.0%", 33.3 → "33.3%". */
export const formatPercent = (value: number): string => `${value.toFixed(1)}%`;

/** A signed percentage with one decimal: 25 → "+25.0%", -100 → "-100.0%", 0 → "0.0%". */
export const formatSignedPercent = (value: number): string =>
  `${value > 0 ? '+' : value < 0 ? '-' : ''}${Math.abs(value).toFixed(1)}%`;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO instant in the browser's locale and time zone: "Mar 14, 2027, 7:30 PM". */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
