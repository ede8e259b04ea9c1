import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, formatSignedMoney } from './format.ts';

describe('money, en-US, from decimal strings', () => {
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const signed = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' });
  const amounts = [
    '0.00',
    '0.5',
    '7',
    '25.00',
    '-10.00',
    '1234.5',
    '1000000.00',
    '-1234567.89',
    '0.004',
    '0.005',
    '-2.675',
    '99999999999999999999.99',
  ];

  it('writes what Intl writes, exactly, at any size', () => {
    for (const a of amounts) {
      expect(formatMoney(a), a).toBe(usd.format(a as `${number}`));
      expect(formatSignedMoney(a), a).toBe(signed.format(a as `${number}`));
    }
  });

  it('writes zero without a sign, however it arrives', () => {
    expect([formatMoney('-0.00'), formatSignedMoney('-0.00'), formatSignedMoney('-0.001')]).toEqual([
      '$0.00',
      '$0.00',
      '$0.00',
    ]);
  });

  it('leaves text that is not an amount as it is', () => {
    expect(formatMoney('n/a')).toBe('n/a');
  });
});

describe('date and time', () => {
  it('writes an instant as "Mon D, YYYY, h:mm AM" in UTC, as Intl does for en-US (its narrow space aside)', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    for (const iso of [
      '2027-03-14T19:30:00.000Z',
      '2026-01-01T00:05:00Z',
      '2026-12-31T12:00:00Z',
      '2026-07-04T11:59:59Z',
    ])
      expect(formatDateTime(iso, 'utc'), iso).toBe(intl.format(new Date(iso)).replace(/\u202f/g, ' '));
  });

  it("writes it in this machine's time zone by default", () => {
    const iso = '2027-03-14T19:30:00.000Z';
    const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(formatDateTime(iso)).toBe(local.format(new Date(iso)).replace(/\u202f/g, ' '));
  });
});
