import { describe, expect, it } from 'vitest';
import { isDeadlock, startInTurn } from './pg-boss-setup.ts';

/** A stand-in for a pg-boss instance: what happened to it, in order. */
function fakeBoss(name: string, log: string[]) {
  return {
    name,
    stop: async (options: { graceful: boolean; wait: boolean }) => {
      log.push(`${name} stopped${options.graceful ? '' : ' at once'}`);
    },
  };
}

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('pg-boss instances started in turn', () => {
  it('sets one up only once the one begun before it has ended', async () => {
    const log: string[] = [];
    const slow = startInTurn(
      () => fakeBoss('notifications', log),
      async () => {
        log.push('notifications set-up begins');
        await new Promise((resolve) => setTimeout(resolve, 30));
        log.push('notifications set-up ends');
      },
    );
    const fast = startInTurn(
      () => fakeBoss('feeds', log),
      async () => {
        log.push('feeds set-up');
      },
    );
    expect((await fast).name).toBe('feeds');
    expect((await slow).name).toBe('notifications');
    expect(log).toEqual(['notifications set-up begins', 'notifications set-up ends', 'feeds set-up']);
  });

  it('a deadlock: the half-started instance is stopped and a new one set up; any other failure is thrown', async () => {
    const log: string[] = [];
    let made = 0;
    const boss = await startInTurn(
      () => fakeBoss(`boss ${++made}`, log),
      async (b) => {
        log.push(`${b.name} set-up`);
        if (made < 3) throw deadlock();
      },
    );
    expect(boss.name).toBe('boss 3');
    expect(log).toEqual([
      'boss 1 set-up',
      'boss 1 stopped at once',
      'boss 2 set-up',
      'boss 2 stopped at once',
      'boss 3 set-up',
    ]);

    const other: string[] = [];
    await expect(
      startInTurn(
        () => fakeBoss('broken', other),
        async () => {
          throw new Error('pg-boss is not installed');
        },
      ),
    ).rejects.toThrow('pg-boss is not installed');
    expect(other).toEqual(['broken stopped at once']);
    // A failed start does not hold up the next one.
    expect(
      (
        await startInTurn(
          () => fakeBoss('next', other),
          async () => {},
        )
      ).name,
    ).toBe('next');
  });

  it('knows PostgreSQL’s deadlock by its code or its message', () => {
    expect(isDeadlock(deadlock())).toBe(true);
    expect(isDeadlock(new Error('error: deadlock detected'))).toBe(true);
    expect(isDeadlock(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isDeadlock(null)).toBe(false);
  });
});
