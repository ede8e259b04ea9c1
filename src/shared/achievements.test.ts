import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, computeAchievements, type AchievementId, type AchievementInput } from './achievements.ts';
import { achievementSchema } from './profile-schemas.ts';

const base: AchievementInput = {
  stats: { totalBets: 0, voided: 0, won: 0, winRate: 0, totalProfit: '0.00' },
  longestWinStreak: 0,
  maxStake: '0.00',
};

const input = (over: { stats?: Partial<AchievementInput['stats']> } & Partial<Omit<AchievementInput, 'stats'>>) => ({
  ...base,
  ...over,
  stats: { ...base.stats, ...over.stats },
});

const earned = (i: AchievementInput, id: AchievementId) => computeAchievements(i).find((a) => a.id === id)!.earned;

describe('achievements', () => {
  it('lists all six in display order, each valid against the contract, none earned with no bets', () => {
    const list = computeAchievements(base);
    expect(list.map((a) => a.id)).toEqual([
      'first-win',
      'century-club',
      'profit-maker',
      'master-bettor',
      'hot-streak',
      'high-roller',
    ]);
    expect(list.map((a) => a.name)).toEqual([
      'First Win',
      'Century Club',
      'Profit Maker',
      'Master Bettor',
      'Hot Streak',
      'High Roller',
    ]);
    for (const a of list) expect(achievementSchema.parse(a)).toEqual(a);
    expect(list.every((a) => !a.earned && a.requirement.length > 0)).toBe(true);
    expect(ACHIEVEMENTS.map((a) => a.requirement)).toEqual(list.map((a) => a.requirement));
  });

  it.each([
    ['first-win', input({ stats: { won: 0 } }), input({ stats: { won: 1 } })],
    ['century-club', input({ stats: { totalBets: 99 } }), input({ stats: { totalBets: 100 } })],
    ['profit-maker', input({ stats: { totalProfit: '999.99' } }), input({ stats: { totalProfit: '1000.00' } })],
    [
      'master-bettor',
      input({ stats: { totalBets: 10, winRate: 79.9 } }),
      input({ stats: { totalBets: 10, winRate: 80 } }),
    ],
    [
      'master-bettor',
      input({ stats: { totalBets: 9, winRate: 100 } }),
      input({ stats: { totalBets: 10, winRate: 100 } }),
    ],
    ['hot-streak', input({ longestWinStreak: 4 }), input({ longestWinStreak: 5 })],
    ['high-roller', input({ maxStake: '999.99' }), input({ maxStake: '1000.00' })],
  ] as const)('%s: not earned just below its threshold, earned at it', (id, below, at) => {
    expect(earned(below, id)).toBe(false);
    expect(earned(at, id)).toBe(true);
  });

  it('Master Bettor does not count void bets as bets: 2 wins and 8 voids are not 10 bets', () => {
    expect(earned(input({ stats: { totalBets: 10, voided: 8, won: 2, winRate: 100 } }), 'master-bettor')).toBe(false);
    expect(earned(input({ stats: { totalBets: 18, voided: 8, won: 10, winRate: 100 } }), 'master-bettor')).toBe(true);
  });

  it('Profit Maker ignores losses, whatever their size', () => {
    expect(earned(input({ stats: { totalProfit: '-5000.00' } }), 'profit-maker')).toBe(false);
  });

  it('each is monotone: more of what it counts never takes it away', () => {
    fc.assert(
      fc.property(
        fc.nat(500),
        fc.nat(500),
        fc.integer({ min: 0, max: 1000 }),
        fc.bigInt({ min: -500_000n, max: 500_000n }),
        fc.nat(20),
        fc.bigInt({ min: 0n, max: 500_000n }),
        (bets, wins, rateTenths, profitCents, streak, stakeCents) => {
          const money = (c: bigint) =>
            `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;
          const a = input({
            stats: { totalBets: bets, won: wins, winRate: rateTenths / 10, totalProfit: money(profitCents) },
            longestWinStreak: streak,
            maxStake: money(stakeCents),
          });
          const b = input({
            stats: {
              totalBets: bets + 1,
              won: wins + 1,
              winRate: rateTenths / 10,
              totalProfit: money(profitCents + 1n),
            },
            longestWinStreak: streak + 1,
            maxStake: money(stakeCents + 1n),
          });
          const before = computeAchievements(a);
          const after = computeAchievements(b);
          before.forEach((x, i) => {
            if (x.earned) expect(after[i]!.earned).toBe(true);
          });
        },
      ),
    );
  });
});
