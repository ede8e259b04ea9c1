import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { profiles } from '../../db/schema/index.ts';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { ALREADY_PENDING_MESSAGE, ALREADY_VERIFIED_MESSAGE } from '../../../shared/verification.ts';

const ADMIN_EMAIL = 'verifier.admin@example.com';

const apply = (env: TestEnv, cookie?: string) => env.request('/api/verification/apply', { cookie, method: 'POST' });
const own = async (env: TestEnv, cookie: string) => {
  const res = await env.request('/api/verification', { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as { status: string };
};

describeEachDatabase(
  'verification applications',
  (env) => {
    it('unverified → pending; applying again answers 409 and changes nothing', async () => {
      const user = await signUpAndSignIn(env());
      expect(await own(env(), user.cookie)).toEqual({ status: 'unverified' });

      const first = await apply(env(), user.cookie);
      expect(first.status).toBe(201);
      expect(await first.json()).toEqual({ status: 'pending' });
      expect(await own(env(), user.cookie)).toEqual({ status: 'pending' });

      const again = await apply(env(), user.cookie);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: ALREADY_PENDING_MESSAGE });
      expect(await own(env(), user.cookie)).toEqual({ status: 'pending' });
    });

    it('a verified user cannot apply; a declined one can apply again', async () => {
      const admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL });
      const user = await signUpAndSignIn(env());
      await apply(env(), user.cookie);
      const decide = (status: string) =>
        env().request(`/api/admin/users/${user.userId}/verification`, {
          cookie: admin.cookie,
          method: 'PATCH',
          body: { status },
        });

      expect((await decide('verified')).status).toBe(200);
      expect(await own(env(), user.cookie)).toEqual({ status: 'verified' });
      const refused = await apply(env(), user.cookie);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: ALREADY_VERIFIED_MESSAGE });

      expect((await decide('unverified')).status).toBe(200); // unverify (or decline a pending one)
      expect((await apply(env(), user.cookie)).status).toBe(201);
    });

    it('two applications at once: one succeeds, the other is told it is pending', async () => {
      const user = await signUpAndSignIn(env());
      const results = await Promise.all([apply(env(), user.cookie), apply(env(), user.cookie)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const [row] = await env().db.select().from(profiles).where(eq(profiles.userId, user.userId));
      expect(row!.verificationStatus).toBe('pending');
    });

    it('answers 401 to anonymous callers', async () => {
      expect((await apply(env())).status).toBe(401);
      expect((await env().request('/api/verification')).status).toBe(401);
    });
  },
  { ADMIN_EMAILS: ADMIN_EMAIL },
);
