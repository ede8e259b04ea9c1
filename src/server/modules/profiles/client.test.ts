import { hc } from 'hono/client';
import { expect, expectTypeOf, it } from 'vitest';
import type { AppType } from '../../app.ts';
import { TEST_BASE_URL, describeEachDatabase, signUpAndSignIn } from '../../test/harness.ts';
import type { Analytics, ProfileBetPage, PublicProfile } from '../../../shared/profile-schemas.ts';
import { EMPTY_SOCIAL_LINKS } from '../../../shared/profiles.ts';

/** The typed RPC client the profile pages use, calling the app in-process. */
describeEachDatabase('profiles through the typed client (hc<AppType>)', (env) => {
  it('reads, renames, saves settings and reads analytics with types from the server', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const client = hc<AppType>(TEST_BASE_URL, {
      headers: { cookie, origin: TEST_BASE_URL },
      fetch: (input: RequestInfo | URL, init?: RequestInit) => env().app.request(input, init),
    });

    const renamed = await client.api.profile.$patch({ json: { username: 'typed.client' } });
    expect(renamed.status).toBe(200);
    if (renamed.status === 200) expectTypeOf(await renamed.json()).toEqualTypeOf<PublicProfile>();

    const taken = await client.api.profile.$patch({ json: { username: 'admin' } });
    expect(taken.status).toBe(422);

    const saved = await client.api.profile.settings.$put({
      json: { profilePublic: false, social: EMPTY_SOCIAL_LINKS },
    });
    expect(saved.status).toBe(200);

    const profile = await client.api.profiles[':username'].$get({ param: { username: 'Typed.Client' } });
    expect(profile.status).toBe(200);
    if (profile.status === 200) {
      const body = await profile.json();
      expectTypeOf(body).toEqualTypeOf<PublicProfile>();
      expect(body).toMatchObject({ username: 'typed.client', isOwner: true, profilePublic: false });
    }
    if (profile.status === 404) expectTypeOf(await profile.json()).toHaveProperty('error');

    const page = await client.api.profiles[':username'].bets.$get({
      param: { username: 'typed.client' },
      query: { limit: '5' },
    });
    if (page.status === 200) expectTypeOf(await page.json()).toEqualTypeOf<ProfileBetPage>();
    expect(page.status).toBe(200);

    const analytics = await client.api.profile.analytics.$get();
    expect(analytics.status).toBe(200);
    if (analytics.status === 200) expectTypeOf(await analytics.json()).toEqualTypeOf<Analytics>();

    // The export is a download: a URL for a link, not JSON.
    expect(client.api.profile['export.csv'].$url().pathname).toBe('/api/profile/export.csv');
  });
});
