/**
 * The record card, GET /{username}/card.png: a 1200×630 PNG of a public profile's graded record,
 * its figures the profile's own, kept until the record changes (its ETag moves with the ledger
 * head), a 404 for a private or unknown profile, and the profile page's preview tags point at it.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import { cardFigures } from './card.ts';
import { insertBets, usernameOf } from './test-helpers.ts';

const setPublic = (env: TestEnv, userId: string, isPublic: boolean) =>
  env.db.execute(
    sql`update user_settings set privacy_settings = ${JSON.stringify({ profile_public: isPublic })}::jsonb
        where user_id = ${userId}`,
  );

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk's length and type). */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describeEachDatabase('the record card', (env) => {
  it('is a 1200×630 PNG of the public record, kept until the record changes', async () => {
    const bettor = await signUpAndSignIn(env());
    const username = await usernameOf(env(), bettor.userId);
    await setPublic(env(), bettor.userId, true);
    await insertBets(env(), bettor.userId, [
      { status: 'won', decimalOdds: '2.5' },
      { status: 'lost' },
      { status: 'won', decimalOdds: '2' },
    ]);
    const res = await env().request(`/${username}/card.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });

    // Its figures are the profile's: 2 won, 1 lost, 66.7%, the ledger's head.
    const profile = (await (await env().request(`/api/profiles/${username}`)).json()) as PublicProfile;
    const figures = cardFigures(profile, new Date('2026-11-28T12:00:00Z'));
    expect(figures).toMatchObject({
      handle: `@${username}`,
      positions: '2–1',
      winRate: '66.7%',
      profit: '$15.00',
      seal: `Ledger #${profile.ledgerHead.seq} · ${profile.ledgerHead.hash.slice(0, 16)}`,
      date: '2026-11-28',
    });

    const etag = res.headers.get('etag')!;
    const again = await env().request(`/${username}/card.png`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    await insertBets(env(), bettor.userId, [{ status: 'lost' }]);
    const changed = await env().request(`/${username}/card.png`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(Buffer.from(await changed.arrayBuffer()).equals(png)).toBe(false);
  });

  it('is a 404 for a private or unknown profile, whoever asks', async () => {
    const bettor = await signUpAndSignIn(env());
    const username = await usernameOf(env(), bettor.userId);
    await setPublic(env(), bettor.userId, false);
    expect((await env().request(`/${username}/card.png`)).status).toBe(404);
    expect((await env().request(`/no_such_bettor_x/card.png`)).status).toBe(404);
    expect((await env().request(`/${username}/card.png`, { cookie: bettor.cookie })).status).toBe(404);
  });
});
