import { describe, expect, it } from 'vitest';
import { EVENT_TOO_SOON_MESSAGE, INVALID_ODDS_MESSAGE } from '../../../shared/bets.ts';
import {
  EMPTY_DEMO_FORM,
  FILL_ALL_FIELDS_MESSAGE,
  INVALID_EVENT_TIME_TITLE,
  demoStats,
  localDateTimeToIso,
  recordDemoBet,
  settleDemoBet,
  toLocalDateTimeValue,
  type DemoBet,
  type DemoBetForm,
} from './demo-bets.ts';

const HOUR = 60 * 60 * 1000;
const now = new Date('2027-03-01T12:00:00Z');
const inHours = (h: number) => toLocalDateTimeValue(new Date(now.getTime() + h * HOUR));

const form = (patch: Partial<DemoBetForm> = {}): DemoBetForm => ({
  description: 'Lakers ML vs Celtics',
  amount: '10',
  odds: '+150',
  sport: 'basketball',
  eventDateTime: inHours(24),
  ...patch,
});

const record = (patch: Partial<DemoBetForm> = {}): DemoBet => {
  const result = recordDemoBet(form(patch), now);
  if (!result.ok) throw new Error(`${result.title}: ${result.description}`);
  return result.bet;
};

describe('demo bets', () => {
  it('records a pending bet with the shared potential win', () => {
    expect(record()).toMatchObject({
      description: 'Lakers ML vs Celtics',
      amount: '10.00',
      odds: '+150',
      sport: 'basketball',
      status: 'pending',
      potentialWin: '25.00',
      profitLoss: null,
      recordedAt: now.toISOString(),
    });
    expect(record({ amount: '110', odds: '-110' }).potentialWin).toBe('210.00');
    expect(record({ odds: '5/2' }).potentialWin).toBe('35.00');
    expect(record({ odds: '2.5' }).potentialWin).toBe('25.00');
  });

  it.each(Object.keys(EMPTY_DEMO_FORM))('asks for every field: %s missing', (field) => {
    expect(recordDemoBet(form({ [field]: '  ' }), now)).toEqual({ ok: false, title: FILL_ALL_FIELDS_MESSAGE });
  });

  it('refuses an event less than 6 hours away with the spec message', () => {
    expect(recordDemoBet(form({ eventDateTime: inHours(5) }), now)).toEqual({
      ok: false,
      title: INVALID_EVENT_TIME_TITLE,
      description: EVENT_TOO_SOON_MESSAGE,
    });
    expect(recordDemoBet(form({ eventDateTime: inHours(-1) }), now)).toMatchObject({ ok: false });
    expect(recordDemoBet(form({ eventDateTime: inHours(6.5) }), now)).toMatchObject({ ok: true });
  });

  it('refuses bad odds, stakes and dates with a clear message', () => {
    expect(recordDemoBet(form({ odds: '+50' }), now)).toEqual({
      ok: false,
      title: 'Invalid odds',
      description: INVALID_ODDS_MESSAGE,
    });
    expect(recordDemoBet(form({ amount: '0' }), now)).toMatchObject({ ok: false, title: 'Invalid stake' });
    expect(recordDemoBet(form({ amount: '1.234' }), now)).toMatchObject({ ok: false, title: 'Invalid stake' });
    expect(recordDemoBet(form({ eventDateTime: 'tomorrow' }), now)).toMatchObject({
      ok: false,
      title: INVALID_EVENT_TIME_TITLE,
    });
  });

  it('settles won as potential win minus stake and lost as minus the stake, once', () => {
    const won = settleDemoBet(record(), 'won');
    expect(won).toMatchObject({ status: 'won', profitLoss: '15.00' });
    expect(settleDemoBet(won, 'lost')).toBe(won);
    expect(settleDemoBet(record({ amount: '20' }), 'lost')).toMatchObject({ status: 'lost', profitLoss: '-20.00' });
  });

  it('computes the four figures; the win rate divides by all non-pending bets', () => {
    const bets = [
      settleDemoBet(record(), 'won'),
      settleDemoBet(record({ amount: '20' }), 'lost'),
      settleDemoBet(record({ amount: '5' }), 'lost'),
      record({ amount: '100' }),
    ];
    expect(demoStats(bets)).toMatchObject({
      totalBets: 4,
      winRate: 33.3,
      totalStaked: '135.00',
      totalProfit: '-10.00',
    });
    expect(demoStats([])).toMatchObject({ totalBets: 0, winRate: 0, totalStaked: '0.00', totalProfit: '0.00' });
  });

  it('reads datetime-local values in local time', () => {
    expect(localDateTimeToIso('2027-03-14T19:30')).toBe(new Date(2027, 2, 14, 19, 30).toISOString());
    expect(localDateTimeToIso('')).toBeNull();
    expect(localDateTimeToIso('2027-13-45T99:99')).toBeNull();
  });
});
