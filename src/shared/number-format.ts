/**
 * Whole numbers as the app writes them (en-US: "10,000"), without Intl: the first use of Intl on a
 * page loads ICU's locale data (60-80 ms on a slow phone), and a shared message built as its
 * module loads would pay that before the page can respond. Server and browser write the same.
 */

/** A string of digits in groups of three: "1234567" → "1,234,567". */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** An integer, rounded if it is not one: 10000 → "10,000", -1234.6 → "-1,235". */
export function formatWholeNumber(n: number): string {
  const rounded = Math.round(n);
  return `${rounded < 0 ? '-' : ''}${groupThousands(String(Math.abs(rounded)))}`;
}
