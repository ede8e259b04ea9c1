import { describe, expect, it } from 'vitest';
import type { SignedInSession } from './session-cache.ts';
import { SessionCache } from './session-cache.ts';

const sessionOf = (userId: string, token: string) =>
  ({ session: { token, userId }, user: { id: userId } }) as unknown as SignedInSession;

/** A trusted cache (its notifications arriving) holding `tokens` of `userId`. */
function cacheWith(entries: [token: string, userId: string][], capacity?: number) {
  const cache = new SessionCache(capacity);
  cache.trust(true);
  for (const [token, userId] of entries) cache.store(token, sessionOf(userId, token), cache.epoch);
  return cache;
}

describe('SessionCache', () => {
  it('answers nothing and keeps nothing until notifications are arriving', () => {
    const cache = new SessionCache();
    cache.store('t1', sessionOf('u1', 't1'), cache.epoch);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.trust(true);
    cache.store('t1', sessionOf('u1', 't1'), cache.epoch);
    expect(cache.get('t1')?.user.id).toBe('u1');
  });

  it("forgets a user's sessions, and only theirs, when told that user changed", () => {
    const cache = cacheWith([
      ['a1', 'alice'],
      ['a2', 'alice'],
      ['b1', 'bob'],
    ]);
    cache.forgetUser('alice');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')?.user.id).toBe('bob');
    expect(cache.size).toBe(1);
  });

  it('does not keep what a read found if anything was forgotten while it read (it may be what changed)', () => {
    const cache = cacheWith([]);
    const readAt = cache.epoch;
    cache.forgetUser('someone else');
    cache.store('t1', sessionOf('u1', 't1'), readAt);
    expect(cache.get('t1')).toBeUndefined();
    // A read begun after the change is kept.
    cache.store('t1', sessionOf('u1', 't1'), cache.epoch);
    expect(cache.get('t1')?.user.id).toBe('u1');
  });

  it('forgets everything, and keeps nothing read before, when notifications may have been missed', () => {
    const cache = cacheWith([['t1', 'u1']]);
    const readAt = cache.epoch;
    cache.trust(false);
    expect(cache.get('t1')).toBeUndefined();
    cache.trust(true);
    cache.store('t2', sessionOf('u2', 't2'), readAt);
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most its capacity, the oldest entry going first', () => {
    const cache = cacheWith(
      [
        ['t1', 'u1'],
        ['t2', 'u2'],
        ['t3', 'u1'],
      ],
      2,
    );
    expect(cache.size).toBe(2);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')?.user.id).toBe('u2');
    expect(cache.get('t3')?.user.id).toBe('u1');
    // The evicted token no longer counts among u1's: forgetting u1 leaves only u2's.
    cache.forgetUser('u1');
    expect(cache.size).toBe(1);
  });
});
