import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn } from './test/harness.ts';

describeEachDatabase('app basics', (env) => {
  it('answers the health check with the database reachable', async () => {
    const res = await env().request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: true });
  });

  it('creates a profile and settings row with each account', async () => {
    const { userId } = await signUpAndSignIn(env(), { email: 'Mixed.Case_Name@Example.com' });
    const profile = await env().db.query.profiles.findFirst({ where: (p, { eq }) => eq(p.userId, userId) });
    // Neutral: nothing of the email's local part (db/functions/create_profile_for_new_user.sql)
    expect(profile?.username).toMatch(/^bettor_[0-9a-z]{6}$/);
    expect(profile?.verificationStatus).toBe('unverified');
    const settings = await env().db.query.userSettings.findFirst({ where: (s, { eq }) => eq(s.userId, userId) });
    expect(settings?.privacySettings).toEqual({ profile_public: true });
  });
});
