import { describe, expect, it } from 'vitest';
import {
  EVENT_TOO_FAR_MESSAGE,
  EVENT_TOO_SOON_MESSAGE,
  INVALID_ODDS_MESSAGE,
  SPORTS,
  eventTimeError,
  previewPotentialWin,
} from './bets.ts';
import { createRecordBetSchema, recordBetSchema } from './bet-schemas.ts';
import { HOUR_MS } from './time-units.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const schema = createRecordBetSchema(() => NOW);
const valid = {
  description: 'Lakers ML',
  amount: '10.50',
  odds: '+150',
  sport: 'basketball',
  eventDate: at(7 * HOUR_MS),
};

const fieldErrors = (input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
};

describe('record-bet schema', () => {
  it('accepts a valid bet and trims text', () => {
    const parsed = schema.parse({ ...valid, description: '  Lakers ML  ', odds: ' +150 ' });
    expect(parsed).toEqual({ ...valid, description: 'Lakers ML', odds: '+150' });
  });

  it('lists the sports, with mma (the influencers filter has it)', () => {
    expect(SPORTS).toEqual(['football', 'basketball', 'baseball', 'soccer', 'tennis', 'mma', 'other']);
  });

  it.each([
    [{ description: '   ' }, 'description', 'Description is required'],
    [{ description: 'x'.repeat(501) }, 'description', 'Description must be at most 500 characters'],
    [{ description: 5 }, 'description', 'Description must be text'],
    [{ amount: 10 }, 'amount', 'Stake (amount) must be a decimal string such as "10.50", not a JSON number'],
    [{ amount: '' }, 'amount', 'Stake is required'],
    [{ amount: '10.505' }, 'amount', 'Stake must be a number with at most 2 decimals, such as 10 or 10.50'],
    [{ amount: '12abc' }, 'amount', 'Stake must be a number with at most 2 decimals, such as 10 or 10.50'],
    [{ amount: '0.001' }, 'amount', 'Stake must be a number with at most 2 decimals, such as 10 or 10.50'],
    [{ amount: '-0.50' }, 'amount', 'Stake must be at least $0.01'],
    [{ amount: '0' }, 'amount', 'Stake must be at least $0.01'],
    [{ amount: '0.00' }, 'amount', 'Stake must be at least $0.01'],
    [{ amount: '1000000.01' }, 'amount', 'Stake must be at most $1,000,000'],
    [{ amount: '-5' }, 'amount', 'Stake must be at least $0.01'],
    [{ odds: '+50' }, 'odds', INVALID_ODDS_MESSAGE],
    [{ odds: '' }, 'odds', 'Odds are required'],
    [{ odds: 150 }, 'odds', INVALID_ODDS_MESSAGE],
    [{ sport: 'curling' }, 'sport', 'Sport must be one of football, basketball, baseball, soccer, tennis, mma, other'],
    [{ eventDate: '2026-06-02T12:00:00' }, 'eventDate', expect.stringContaining('ISO 8601')],
    [{ eventDate: at(6 * HOUR_MS) }, 'eventDate', EVENT_TOO_SOON_MESSAGE],
    [{ eventDate: at(6 * HOUR_MS - 60_000) }, 'eventDate', EVENT_TOO_SOON_MESSAGE],
    [{ eventDate: '2028-06-01T12:00:00.001Z' }, 'eventDate', EVENT_TOO_FAR_MESSAGE],
  ])('rejects %j on %s', (patch, field, message) => {
    expect(fieldErrors({ ...valid, ...patch })).toEqual({ [field]: message });
  });

  it('names each missing field', () => {
    expect(fieldErrors({})).toEqual({
      description: 'Description is required',
      amount: 'Stake is required',
      odds: 'Odds are required',
      sport: 'Sport is required',
      eventDate: 'Event date is required',
    });
  });

  it('rejects unknown fields and non-objects', () => {
    expect(fieldErrors({ ...valid, userId: 'x' })).toEqual({ _: 'Unrecognized key: "userId"' });
    expect(fieldErrors(null)).toEqual({ _: 'Expected a JSON object' });
    expect(fieldErrors([valid])).toEqual({ _: 'Expected a JSON object' });
  });

  it('accepts an event 6 h 1 min ahead, and up to 2 years ahead', () => {
    expect(schema.safeParse({ ...valid, eventDate: at(6 * HOUR_MS + 60_000) }).success).toBe(true);
    expect(schema.safeParse({ ...valid, eventDate: '2028-06-01T12:00:00Z' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, eventDate: '2026-06-02T02:00:00+07:00' }).success).toBe(true);
  });

  it('without a clock checks only the format', () => {
    expect(recordBetSchema.safeParse({ ...valid, eventDate: '2000-01-01T00:00:00Z' }).success).toBe(true);
  });
});

describe('eventTimeError', () => {
  it('puts the boundary strictly after 6 hours', () => {
    expect(eventTimeError(new Date(NOW.getTime() + 6 * HOUR_MS), NOW)).toBe(EVENT_TOO_SOON_MESSAGE);
    expect(eventTimeError(new Date(NOW.getTime() + 6 * HOUR_MS + 1), NOW)).toBeNull();
  });
});

describe('previewPotentialWin', () => {
  it.each([
    ['10', '+150', '25.00'],
    ['110', '-110', '210.00'],
    ['10', '5/2', '35.00'],
    ['10', '2.5', '25.00'],
    ['10', '+5', null],
    ['', '+150', null],
    ['abc', '2.5', null],
  ])('%j at %j → %j', (amount, odds, expected) => {
    expect(previewPotentialWin(amount, odds)).toBe(expected);
  });
});
