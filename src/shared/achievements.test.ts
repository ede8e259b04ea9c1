import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, computeAchievements, type AchievementId, type AchievementInput } from './achievements.ts';
import { achievementSchema } from './profile-schemas.ts';

const base: AchievementInput = { positions: 0, won: 0, profit: '0.00', longestWinStreak: 0, maxStake: '0.00' };

const input = (over: Partial<AchievementInput>): AchievementInput => ({ ...base, ...over });

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
    ['first-win', input({ positions: 1, won: 0 }), input({ positions: 1, won: 1 })],
    ['century-club', input({ positions: 99 }), input({ positions: 100 })],
    ['profit-maker', input({ profit: '999.99' }), input({ profit: '1000.00' })],
    // 8 of 10 is 80.0%; 79.95% would show, and count, as 80.0% (one decimal, half up).
    ['master-bettor', input({ positions: 10, won: 7 }), input({ positions: 10, won: 8 })],
    ['master-bettor', input({ positions: 9, won: 9 }), input({ positions: 10, won: 10 })],
    ['master-bettor', input({ positions: 2000, won: 1598 }), input({ positions: 2000, won: 1599 })],
    ['hot-streak', input({ longestWinStreak: 4 }), input({ longestWinStreak: 5 })],
    ['high-roller', input({ maxStake: '999.99' }), input({ maxStake: '1000.00' })],
  ] as const)('%s: not earned just below its threshold, earned at it', (id, below, at) => {
    expect(earned(below, id)).toBe(false);
    expect(earned(at, id)).toBe(true);
  });

  it('says in each requirement that only graded picks at 1.50 or more count', () => {
    expect(ACHIEVEMENTS.map((a) => a.requirement)).toEqual([
      'Win your first graded pick at odds of 1.50 or more',
      'Have 100 graded picks won or lost at odds of 1.50 or more',
      'Reach $1,000 in profit on graded picks at odds of 1.50 or more',
      'Keep a win rate of 80% or more with at least 10 graded picks at odds of 1.50 or more',
      'Win 5 graded picks in a row, each at odds of 1.50 or more',
      'Stake $1,000 or more on a single graded pick at odds of 1.50 or more',
    ]);
  });

  it('Profit Maker ignores losses, whatever their size', () => {
    expect(earned(input({ profit: '-5000.00' }), 'profit-maker')).toBe(false);
  });

  it('each is monotone: more of what it counts never takes it away', () => {
    fc.assert(
      fc.property(
        fc.nat(500),
        fc.nat(500),
        fc.bigInt({ min: -500_000n, max: 500_000n }),
        fc.nat(20),
        fc.bigInt({ min: 0n, max: 500_000n }),
        (bets, wins, profitCents, streak, stakeCents) => {
          const money = (c: bigint) =>
            `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;
          const a = input({
            positions: bets + wins,
            won: wins,
            profit: money(profitCents),
            longestWinStreak: streak,
            maxStake: money(stakeCents),
          });
          // One more position, won: the win rate can only rise.
          const b = input({
            positions: bets + wins + 1,
            won: wins + 1,
            profit: money(profitCents + 1n),
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
