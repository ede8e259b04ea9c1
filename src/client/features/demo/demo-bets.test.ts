import { describe, expect, it } from 'vitest';
import {
  BET_PART_OF_RECORD_MESSAGE,
  EVENT_TOO_FAR_MESSAGE,
  EVENT_TOO_SOON_MESSAGE,
  STAKE_MESSAGES,
  settleAfterMessage,
  type SettledStatus,
} from '../../../shared/bets.ts';
import { INVALID_ODDS_MESSAGE, ODDS_BELOW_MINIMUM_MESSAGE } from '../../../shared/odds.ts';
import {
  LEG_ALREADY_SETTLED_MESSAGE,
  PARLAY_ALREADY_SETTLED_MESSAGE,
  PARLAY_LEG_COUNT_MESSAGE,
  PARLAY_SETTLED_BY_LEGS_MESSAGE,
} from '../../../shared/parlays.ts';
import {
  EMPTY_DEMO_FORM,
  EMPTY_DEMO_LEG,
  deleteDemoBet,
  demoStats,
  recordDemoBet,
  recordDemoParlay,
  sampleDemoBets,
  settleDemoBet,
  settleDemoLeg,
  type DemoBet,
  type DemoBetForm,
  type DemoLegForm,
} from './demo-bets.ts';
import { toLocalDateTimeValue } from '../../lib/local-date-time.ts';
import { GRADED_FROM_RESULT_MESSAGE } from '../../../shared/events.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const now = new Date('2027-03-01T12:00:00Z');
const later = (hours: number) => new Date(now.getTime() + hours * HOUR_MS);
const inHours = (h: number) => toLocalDateTimeValue(new Date(now.getTime() + h * HOUR_MS));

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
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.bet;
};

/** Settles one bet at `at` (after its event started, 24 hours from `now`, by default); throws if refused. */
const settled = (bet: DemoBet, status: SettledStatus, at = later(25)): DemoBet => {
  const result = settleDemoBet([bet], bet.id, status, at);
  if (!result.ok) throw new Error(result.reason);
  return result.bets[0]!;
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
      createdAt: now.toISOString(),
    });
    expect(record({ amount: '110', odds: '-110' }).potentialWin).toBe('210.00');
    expect(record({ odds: '5/2' }).potentialWin).toBe('35.00');
    expect(record({ odds: '2.5' }).potentialWin).toBe('25.00');
  });

  it("names every missing field with the shared schema's message", () => {
    expect(recordDemoBet(EMPTY_DEMO_FORM, now)).toEqual({
      ok: false,
      errors: {
        description: 'Description is required',
        amount: STAKE_MESSAGES.required,
        odds: 'Odds are required',
        sport: 'Sport is required',
        eventDateTime: 'Event date is required',
      },
    });
    // Blank is missing too; only the missing field is named.
    expect(recordDemoBet(form({ description: '   ' }), now)).toEqual({
      ok: false,
      errors: { description: 'Description is required' },
    });
    expect(recordDemoBet(form({ amount: ' ' }), now)).toEqual({
      ok: false,
      errors: { amount: STAKE_MESSAGES.required },
    });
  });

  it('refuses an event less than 6 hours away, or past, or too far, at its field', () => {
    for (const hours of [5, -1]) {
      expect(recordDemoBet(form({ eventDateTime: inHours(hours) }), now)).toEqual({
        ok: false,
        errors: { eventDateTime: EVENT_TOO_SOON_MESSAGE },
      });
    }
    expect(recordDemoBet(form({ eventDateTime: inHours(3 * 365 * 24) }), now)).toEqual({
      ok: false,
      errors: { eventDateTime: EVENT_TOO_FAR_MESSAGE },
    });
    expect(recordDemoBet(form({ eventDateTime: inHours(6.5) }), now)).toMatchObject({ ok: true });
  });

  it('names each bad field with its message, every one at once', () => {
    expect(recordDemoBet(form({ odds: '+50' }), now)).toEqual({ ok: false, errors: { odds: INVALID_ODDS_MESSAGE } });
    expect(recordDemoBet(form({ odds: '1.001' }), now)).toEqual({
      ok: false,
      errors: { odds: ODDS_BELOW_MINIMUM_MESSAGE },
    });
    expect(recordDemoBet(form({ amount: '0' }), now)).toEqual({
      ok: false,
      errors: { amount: STAKE_MESSAGES.tooSmall },
    });
    expect(recordDemoBet(form({ amount: '1.234' }), now)).toEqual({
      ok: false,
      errors: { amount: STAKE_MESSAGES.format },
    });
    // Not a date-time (a browser without a date picker) reads as no date, as the app's form sends it.
    expect(recordDemoBet(form({ eventDateTime: 'tomorrow' }), now)).toEqual({
      ok: false,
      errors: { eventDateTime: 'Event date is required' },
    });
    expect(
      recordDemoBet(
        form({ description: 'a'.repeat(501), amount: '-5', odds: 'evens', eventDateTime: inHours(2) }),
        now,
      ),
    ).toEqual({
      ok: false,
      errors: {
        description: 'Description must be at most 500 characters',
        amount: STAKE_MESSAGES.tooSmall,
        odds: INVALID_ODDS_MESSAGE,
        eventDateTime: EVENT_TOO_SOON_MESSAGE,
      },
    });
  });

  it('settles won as potential win minus stake and lost as minus the stake, once', () => {
    const won = settled(record(), 'won');
    expect(won).toMatchObject({ status: 'won', profitLoss: '15.00' });
    expect(settleDemoBet([won], won.id, 'lost', later(30))).toEqual({ ok: false, reason: 'Bet is already settled' });
    expect(settled(record({ amount: '20' }), 'lost')).toMatchObject({ status: 'lost', profitLoss: '-20.00' });
  });

  it('settles only once the event has started, saying when', () => {
    const bet = record(); // event 24 hours after `now`
    for (const at of [now, later(23.99)]) {
      expect(settleDemoBet([bet], bet.id, 'won', at)).toEqual({
        ok: false,
        reason: settleAfterMessage(bet.eventDate),
      });
    }
    expect(settleAfterMessage(bet.eventDate)).toMatch(
      /^Settle after the event starts: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M$/,
    );
    expect(settleDemoBet([bet], bet.id, 'won', later(24))).toMatchObject({ ok: true });
  });

  it('never settles a graded bet by hand: its result settles it', () => {
    const graded = { ...record(), kind: 'graded' as const };
    expect(settleDemoBet([graded], graded.id, 'won', later(30))).toEqual({
      ok: false,
      reason: GRADED_FROM_RESULT_MESSAGE,
    });
  });

  it('deletes only a pending bet whose event has not started', () => {
    const keep = record({ description: 'Keep' });
    const bet = record();
    expect(deleteDemoBet([keep, bet], bet.id, later(23.99))).toEqual({ ok: true, bets: [keep] });
    expect(deleteDemoBet([keep, bet], bet.id, later(24))).toEqual({ ok: false, reason: BET_PART_OF_RECORD_MESSAGE });
    const won = settled(bet, 'won');
    expect(deleteDemoBet([won], won.id, later(100))).toEqual({ ok: false, reason: BET_PART_OF_RECORD_MESSAGE });
  });

  it('computes the four figures; the win rate divides by all non-pending bets', () => {
    const bets = [
      settled(record(), 'won'),
      settled(record({ amount: '20' }), 'lost'),
      settled(record({ amount: '5' }), 'lost'),
      record({ amount: '100' }),
    ];
    expect(demoStats(bets, now)).toMatchObject({
      totalBets: 4,
      winRate: 33.3,
      totalStaked: '135.00',
      totalProfit: '-10.00',
      overdue: 0,
    });
    expect(demoStats([], now)).toMatchObject({ totalBets: 0, winRate: 0, totalStaked: '0.00', totalProfit: '0.00' });
  });

  it('settles void as the stake returned, once, after the start, and counts it in no rate', () => {
    const bet = record({ amount: '40' });
    expect(settleDemoBet([bet], bet.id, 'void', now)).toEqual({
      ok: false,
      reason: settleAfterMessage(bet.eventDate),
    });
    const pushed = settled(bet, 'void');
    expect(pushed).toMatchObject({ status: 'void', profitLoss: '0.00' });
    expect(settleDemoBet([pushed], pushed.id, 'won', later(30))).toEqual({
      ok: false,
      reason: 'Bet is already settled',
    });
    const others = [settled(record(), 'won'), settled(record({ amount: '20' }), 'lost')];
    const { voided, totalBets, totalStaked, ...rates } = demoStats([...others, pushed], now);
    expect({ voided, totalBets, totalStaked }).toEqual({ voided: 1, totalBets: 3, totalStaked: '70.00' });
    expect(rates).toEqual((({ voided: _v, totalBets: _t, totalStaked: _s, ...rest }) => rest)(demoStats(others, now)));
    expect(rates).toMatchObject({ winRate: 50, totalProfit: '-5.00', levelStakesYield: 25 });
  });

  it('counts a bet pending 72 hours after its start as overdue', () => {
    const bet = record(); // event 24 hours after `now`
    expect(demoStats([bet], later(24 + 71.99)).overdue).toBe(0);
    expect(demoStats([bet], later(24 + 72)).overdue).toBe(1);
    expect(demoStats([settled(bet, 'lost')], later(24 + 72)).overdue).toBe(0);
  });

  it('starts with sample bets that show every rule', () => {
    const samples = sampleDemoBets(now);
    const byStatus = (status: string) => samples.filter((b) => b.status === status);
    expect(byStatus('won')).toHaveLength(1);
    expect(byStatus('lost')).toHaveLength(1);
    // The won one is graded from a sample event's result; the others are self-reported.
    expect(samples.map((b) => [b.description, b.kind])).toContainEqual([
      'Sample Rovers v Sample City: Sample Rovers (1x2)',
      'graded',
    ]);
    expect(samples.filter((b) => b.kind === 'graded')).toHaveLength(1);
    expect(new Set(samples.map((b) => b.id)).size).toBe(samples.length);
    // Recorded more than 6 hours before each event, as the rule requires.
    for (const b of samples) expect(Date.parse(b.eventDate) - Date.parse(b.createdAt)).toBeGreaterThan(6 * HOUR_MS);
    // One still ahead: it may be deleted, not settled. One started: settled, not deleted. One overdue.
    const ahead = samples.filter((b) => Date.parse(b.eventDate) > now.getTime());
    expect(ahead).toHaveLength(1);
    expect(deleteDemoBet(samples, ahead[0]!.id, now)).toMatchObject({ ok: true });
    expect(settleDemoBet(samples, ahead[0]!.id, 'won', now)).toMatchObject({ ok: false });
    const started = byStatus('pending').filter((b) => Date.parse(b.eventDate) <= now.getTime());
    expect(started).toHaveLength(2);
    for (const b of started) {
      expect(settleDemoBet(samples, b.id, 'won', now)).toMatchObject({ ok: true });
      expect(deleteDemoBet(samples, b.id, now)).toEqual({ ok: false, reason: BET_PART_OF_RECORD_MESSAGE });
    }
    expect(demoStats(samples, now)).toMatchObject({
      totalBets: 5,
      won: 1,
      lost: 1,
      pending: 3,
      overdue: 1,
      winRate: 50,
      totalStaked: '195.00',
      totalProfit: '5.00',
    });
  });

  describe('parlays', () => {
    const leg = (odds: string, hours: number, description = `Leg at ${odds}`): DemoLegForm => ({
      description,
      sport: 'basketball',
      odds,
      eventDateTime: inHours(hours),
    });
    const parlay = (amount: string, legs: DemoLegForm[]): DemoBet => {
      const result = recordDemoParlay(amount, legs, now);
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      return result.bet;
    };
    /** Settles leg `position` at `at` (25 hours on: after a 24-hour leg's start); throws if refused. */
    const settleLeg = (bet: DemoBet, position: number, status: SettledStatus, at = later(25)): DemoBet => {
      const result = settleDemoLeg([bet], bet.id, position, status, at);
      if (!result.ok) throw new Error(result.reason);
      return result.bets[0]!;
    };

    it('records one pending bet at the product of the legs, its start the earliest leg', () => {
      // 2.50 × 21/11 = 52.5/11 = 4.7727…: $10 pays $47.727… → $47.73.
      const bet = parlay('10', [leg('+150', 48, 'Lakers ML'), leg('-110', 24, 'Celtics -4.5')]);
      expect(bet).toMatchObject({
        description: 'Parlay: Lakers ML + Celtics -4.5',
        amount: '10.00',
        odds: '4.772727',
        sport: 'parlay',
        status: 'pending',
        eventDate: new Date(now.getTime() + 24 * HOUR_MS).toISOString(),
        potentialWin: '47.73',
        profitLoss: null,
      });
      expect(bet.legs).toEqual([
        {
          position: 1,
          description: 'Lakers ML',
          sport: 'basketball',
          odds: '+150',
          eventDate: new Date(now.getTime() + 48 * HOUR_MS).toISOString(),
          status: 'pending',
        },
        {
          position: 2,
          description: 'Celtics -4.5',
          sport: 'basketball',
          odds: '-110',
          eventDate: new Date(now.getTime() + 24 * HOUR_MS).toISOString(),
          status: 'pending',
        },
      ]);
    });

    it("refuses a parlay as the dashboard does, naming each leg's field", () => {
      expect(recordDemoParlay('', [EMPTY_DEMO_LEG, leg('2', 24)], now)).toEqual({
        ok: false,
        errors: {
          amount: STAKE_MESSAGES.required,
          'legs.0.description': 'Description is required',
          'legs.0.sport': 'Sport is required',
          'legs.0.odds': 'Odds are required',
          'legs.0.eventDateTime': 'Event date is required',
        },
      });
      expect(recordDemoParlay('10', [leg('+150', 24), { ...leg('2', 24), sport: '' }], now)).toEqual({
        ok: false,
        errors: { 'legs.1.sport': 'Sport is required' },
      });
      expect(recordDemoParlay('10', [leg('+150', 24)], now)).toEqual({
        ok: false,
        errors: { legs: PARLAY_LEG_COUNT_MESSAGE },
      });
      expect(recordDemoParlay('10', [leg('+150', 24), leg('evens', 24)], now)).toEqual({
        ok: false,
        errors: { 'legs.1.odds': INVALID_ODDS_MESSAGE },
      });
      expect(recordDemoParlay('10', [leg('+150', 24), leg('2', 5)], now)).toEqual({
        ok: false,
        errors: { 'legs.1.eventDateTime': EVENT_TOO_SOON_MESSAGE },
      });
      expect(recordDemoParlay('0', [leg('+150', 24), leg('2', 24)], now)).toEqual({
        ok: false,
        errors: { amount: STAKE_MESSAGES.tooSmall },
      });
      // Combined odds above 100,000: 400 × 501, the legs' own message.
      expect(recordDemoParlay('10', [leg('400.00', 24), leg('500/1', 24)], now)).toEqual({
        ok: false,
        errors: { legs: 'Combined odds must be at most 100,000' },
      });
    });

    it('settles each leg once, after its own start; the parlay only through its legs', () => {
      const bet = parlay('10', [leg('+150', 24), leg('2', 48)]);
      expect(settleDemoBet([bet], bet.id, 'won', later(50))).toEqual({
        ok: false,
        reason: PARLAY_SETTLED_BY_LEGS_MESSAGE,
      });
      const first = settleLeg(bet, 1, 'won');
      expect(first).toMatchObject({ status: 'pending', profitLoss: null, potentialWin: '50.00' });
      expect(first.legs!.map((l) => l.status)).toEqual(['won', 'pending']);
      expect(settleDemoLeg([first], bet.id, 1, 'lost', later(50))).toEqual({
        ok: false,
        reason: LEG_ALREADY_SETTLED_MESSAGE,
      });
      expect(settleDemoLeg([first], bet.id, 2, 'won', later(47.99))).toEqual({
        ok: false,
        reason: settleAfterMessage(first.legs![1]!.eventDate),
      });
      // Both won: 2.50 × 2 = 5, $10 pays $50.00, profit $40.00.
      const won = settleLeg(first, 2, 'won', later(48));
      expect(won).toMatchObject({ status: 'won', odds: '5', potentialWin: '50.00', profitLoss: '40.00' });
      expect(settleDemoLeg([won], bet.id, 2, 'lost', later(50))).toEqual({
        ok: false,
        reason: PARLAY_ALREADY_SETTLED_MESSAGE,
      });
    });

    it('is lost at a lost leg, keeping its recorded odds, with the other legs undecided', () => {
      const bet = parlay('12.34', [leg('+150', 24), leg('-110', 24), leg('5/2', 48)]);
      // 2.5 × 21/11 × 3.5 = 183.75/11: $12.34 pays $206.134… → $206.13.
      expect(bet).toMatchObject({ odds: '16.704545', potentialWin: '206.13' });
      const lost = settleLeg(bet, 2, 'lost');
      expect(lost).toMatchObject({ status: 'lost', odds: '16.704545', potentialWin: '206.13', profitLoss: '-12.34' });
      expect(lost.legs!.map((l) => l.status)).toEqual(['pending', 'lost', 'pending']);
    });

    it('pays a void leg as 1.00: won at the other legs, the payout recomputed to the cent', () => {
      // 183.75/11 = 16.7045…: $10 pays $167.045… → $167.05.
      const bet = parlay('10', [leg('+150', 24), leg('-110', 24), leg('5/2', 24)]);
      expect(bet).toMatchObject({ odds: '16.704545', potentialWin: '167.05' });
      const settledLegs = settleLeg(settleLeg(settleLeg(bet, 2, 'void'), 1, 'won'), 3, 'won');
      // 2.5 × 3.5 = 8.75: $10 pays $87.50.
      expect(settledLegs).toMatchObject({ status: 'won', odds: '8.75', potentialWin: '87.50', profitLoss: '77.50' });
      expect(settledLegs.legs!.map((l) => l.status)).toEqual(['won', 'void', 'won']);
    });

    it('is void when every leg is void: the stake back', () => {
      const bet = parlay('25', [leg('+150', 24), leg('2', 24)]);
      const voided = settleLeg(settleLeg(bet, 1, 'void'), 2, 'void');
      expect(voided).toMatchObject({ status: 'void', profitLoss: '0.00', potentialWin: '125.00' });
    });

    it('counts a parlay once in the figures, at its paid odds, overdue 72 hours after a pending leg starts', () => {
      const won = settleLeg(settleLeg(parlay('10', [leg('+150', 24), leg('2', 24)]), 1, 'won'), 2, 'won');
      const lost = settled(record({ amount: '20' }), 'lost');
      expect(demoStats([won, lost], now)).toMatchObject({
        totalBets: 2,
        won: 1,
        lost: 1,
        winRate: 50,
        totalStaked: '30.00',
        totalProfit: '20.00',
      });
      const pending = parlay('10', [leg('+150', 24), leg('2', 48)]);
      // Each leg from its own start, whatever the other legs: the first makes it overdue at 24 + 72 h…
      expect(demoStats([pending], later(24 + 71.99)).overdue).toBe(0);
      expect(demoStats([pending], later(24 + 72)).overdue).toBe(1);
      // …unless it was settled: then the second, at 48 + 72 h.
      const firstWon = settleLeg(pending, 1, 'won');
      expect(demoStats([firstWon], later(48 + 71.99)).overdue).toBe(0);
      expect(demoStats([firstWon], later(48 + 72)).overdue).toBe(1);
      // Deleted only before its earliest leg starts.
      expect(deleteDemoBet([pending], pending.id, later(23.99))).toEqual({ ok: true, bets: [] });
      expect(deleteDemoBet([pending], pending.id, later(24))).toEqual({
        ok: false,
        reason: BET_PART_OF_RECORD_MESSAGE,
      });
    });
  });
});
