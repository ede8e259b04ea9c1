import { hc } from 'hono/client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AppType } from '../../server/app.ts';
import {
  DASHBOARD_FIRST_DATA,
  PROFILE_FIRST_DATA,
  type DashboardData,
  type FirstAnswer,
  type ProfileData,
} from '../../shared/first-data.ts';
import type { SuccessBody } from './api.ts';

/*
 * A page's first answers are asked at the addresses shared/first-data.ts writes (the server for
 * its render, the hooks through askFirst), not through the typed RPC client: each address must be
 * the route's own, and each declared answer what the route answers. Each entry has its line here
 * (the tables are typed by the declarations' names, so a new entry without one fails the type
 * check).
 */

// $url needs an absolute base; the path and query are the ones hc('/') asks.
const client = hc<AppType>('http://localhost');
const address = (url: URL) => `${url.pathname}${url.search}`;

/** The 2xx body of a typed RPC call. */
type Body<Call> = Call extends (...args: never[]) => Promise<infer R> ? SuccessBody<R> : never;

type Case<Param> = { entry: FirstAnswer<Param, unknown>; param: Param; cursor: string | null; route: URL };

// A cursor with characters a query string encodes ('+', '/', '='), and a username a path does.
const cursor = 'MjAyNC0wMS0wMVQwMDowMDowMFo+/=';
const username = 'Some One/bets?x';

describe('first data (shared/first-data.ts)', () => {
  it("asks each route at hc's own address", () => {
    const limit = (entry: { limit: number }, at: string | null) =>
      at ? { limit: String(entry.limit), cursor: at } : { limit: String(entry.limit) };
    const param = { username: encodeURIComponent(username) };
    const dashboard: Record<keyof typeof DASHBOARD_FIRST_DATA, Case<string>[]> = {
      stats: [{ entry: DASHBOARD_FIRST_DATA.stats, param: 'u', cursor: null, route: client.api.bets.stats.$url() }],
      bets: [null, cursor].map((at) => ({
        entry: DASHBOARD_FIRST_DATA.bets,
        param: 'u',
        cursor: at,
        route: client.api.bets.$url({ query: limit(DASHBOARD_FIRST_DATA.bets, at) }),
      })),
      ownProfile: [
        { entry: DASHBOARD_FIRST_DATA.ownProfile, param: 'u', cursor: null, route: client.api.profile.$url() },
      ],
      imported: [null, cursor].map((at) => ({
        entry: DASHBOARD_FIRST_DATA.imported,
        param: 'u',
        cursor: at,
        route: client.api.bets.imported.$url({ query: limit(DASHBOARD_FIRST_DATA.imported, at) }),
      })),
      wellbeing: [
        { entry: DASHBOARD_FIRST_DATA.wellbeing, param: 'u', cursor: null, route: client.api.me.wellbeing.$url() },
      ],
    };
    const profile: Record<keyof typeof PROFILE_FIRST_DATA, Case<string>[]> = {
      profile: [
        {
          entry: PROFILE_FIRST_DATA.profile,
          param: username,
          cursor: null,
          route: client.api.profiles[':username'].$url({ param }),
        },
      ],
      bets: [null, cursor].map((at) => ({
        entry: PROFILE_FIRST_DATA.bets,
        param: username,
        cursor: at,
        route: client.api.profiles[':username'].bets.$url({ param, query: limit(PROFILE_FIRST_DATA.bets, at) }),
      })),
    };
    for (const [name, cases] of [...Object.entries(dashboard), ...Object.entries(profile)])
      for (const { entry, param, cursor: at, route } of cases)
        expect(entry.url(param, at), `${name} after ${at}`).toBe(address(route));
  });

  it('declares what each route answers', () => {
    const answers: { [Name in keyof DashboardData]: unknown } & {
      [Name in keyof ProfileData as `profile.${Name}`]: unknown;
    } = {
      stats: expectTypeOf<Body<typeof client.api.bets.stats.$get>>().toEqualTypeOf<DashboardData['stats']>(),
      bets: expectTypeOf<Body<typeof client.api.bets.$get>>().toEqualTypeOf<DashboardData['bets']>(),
      ownProfile: expectTypeOf<Body<typeof client.api.profile.$get>>().toEqualTypeOf<DashboardData['ownProfile']>(),
      imported: expectTypeOf<Body<typeof client.api.bets.imported.$get>>().toEqualTypeOf<DashboardData['imported']>(),
      wellbeing: expectTypeOf<Body<typeof client.api.me.wellbeing.$get>>().toEqualTypeOf<DashboardData['wellbeing']>(),
      'profile.profile':
        expectTypeOf<Body<(typeof client.api.profiles)[':username']['$get']>>().toEqualTypeOf<ProfileData['profile']>(),
      'profile.bets':
        expectTypeOf<Body<(typeof client.api.profiles)[':username']['bets']['$get']>>().toEqualTypeOf<
          ProfileData['bets']
        >(),
    };
    // The checks are the type check's (tsc); at run time each is `true`.
    expect(Object.values(answers).every((checked) => checked === true)).toBe(true);
  });
});
