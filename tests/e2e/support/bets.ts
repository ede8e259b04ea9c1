/**
 * Bets made through the API for end-to-end tests, on either side of the record's time rules: a bet
 * is recorded 6+ hours before its event, settled only once the event has started, deleted only
 * before. The e2e server honours a per-request clock shift (X-Test-Clock-Offset, see
 * src/server/edge/test-clock.ts), so a bet can be recorded "days ago" for an event that has started
 * since, and be settled now.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';
import { HOUR_MS, DAY_MS } from '../../../src/shared/time-units.ts';

/** Shifts the server's clock for one request, by this many milliseconds (negative: the past). */
export const CLOCK_HEADER = 'x-test-clock-offset';

/** An ISO instant `ms` from now (negative: ago). */
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

export interface BetInput {
  description: string;
  amount?: string;
  odds?: string;
  sport?: string;
}

export interface BetTiming {
  /** The event starts this long from now (the default: 1 day). Ignored when `startedAgo` is given. */
  startsIn?: number;
  /** The event started this long ago: the bet is recorded in the past, `lead` before it. */
  startedAgo?: number;
  /** How long before the event the bet was recorded when `startedAgo` is given (default 1 day). */
  lead?: number;
}

/**
 * Records a bet as the context's signed-in user and returns its id. With `startedAgo`, the request
 * runs on a server clock moved back to `lead` before the event, so the bet may be settled now.
 */
export async function recordBet(
  request: APIRequestContext,
  bet: BetInput,
  { startsIn = DAY_MS, startedAgo, lead = DAY_MS }: BetTiming = {},
): Promise<string> {
  const past = startedAgo !== undefined;
  const eventDate = fromNow(past ? -startedAgo : startsIn);
  const res = await request.post('/api/bets', {
    data: { amount: '10', odds: '+150', sport: 'football', ...bet, eventDate },
    headers: past ? { [CLOCK_HEADER]: String(-Math.round(startedAgo + lead)) } : undefined,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Settles a bet whose event has started (the server refuses one that has not). */
export async function settleBet(request: APIRequestContext, id: string, status: 'won' | 'lost' | 'void') {
  const res = await request.patch(`/api/bets/${id}`, { data: { status } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Records a bet whose event started an hour ago and settles it. */
export async function settledBet(
  request: APIRequestContext,
  bet: BetInput,
  status: 'won' | 'lost' | 'void',
  timing: Omit<BetTiming, 'startsIn'> = {},
): Promise<string> {
  const id = await recordBet(request, bet, { startedAgo: HOUR_MS, ...timing });
  await settleBet(request, id, status);
  return id;
}
