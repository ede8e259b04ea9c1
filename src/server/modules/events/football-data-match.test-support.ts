/**
 * One real published match for the tests of prices and closing lines: the first row of
 * football-data.co.uk's 2024/25 Premier League file (tests/fixtures/feeds), Man United v Fulham,
 * as it reads before the match (`BEFORE`: no result, no closing prices) and after it (`AFTER`).
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { TestEnv } from '../../test/harness.ts';

const [HEADER, OPENER] = readFileSync(
  new URL('../../../../tests/fixtures/feeds/football-data-E0-2024-25-excerpt.csv', import.meta.url),
  'utf8',
).split('\n') as [string, string];
const columns = HEADER.split(',');

/** The opener as published before the match: no result, no closing prices (columns with a `C` price). */
export const BEFORE = (() => {
  const cells = OPENER.split(',');
  const closing = (name: string) => /^(B365|BW|BF|PS|WH|1XB|Max|Avg|BFE|P)C/.test(name) || name === 'AHCh';
  const blank = (name: string) => ['FTHG', 'FTAG', 'FTR', 'HTHG', 'HTAG', 'HTR'].includes(name) || closing(name);
  return `${HEADER}\n${cells.map((c, i) => (blank(columns[i]!) ? '' : c)).join(',')}\n`;
})();
/** The same row as published after the match: the score and the closing prices. */
export const AFTER = `${HEADER}\n${OPENER}\n`;

/** Moves the test's clock to `iso`. */
export const setClock = (env: TestEnv, iso: string) =>
  env.clock.advance(new Date(iso).getTime() - env.clock.now().getTime());

/** The answer's JSON, after checking its status (the body is the failure message). */
export async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

/** Imports a football-data file as the admin whose cookie is given. */
export const importFootballData = (env: TestEnv, adminCookie: string, text: string) =>
  env.request('/api/admin/events/import?format=football-data&competition=Premier%20League', {
    method: 'POST',
    cookie: adminCookie,
    rawBody: text,
    headers: { 'content-type': 'text/csv' },
  });
