import { describe, expect, it } from 'vitest';
import { formatCents } from './money.ts';
import { decimalOddsString, parseOdds, type Rational } from './odds.ts';
import {
  PARLAY_LEG_COUNT_MESSAGE,
  combinedOdds,
  parlayDescription,
  parlayOutcome,
  previewParlay,
  shortDecimal,
} from './parlays.ts';
import { createRecordAnyBetSchema } from './parlay-schemas.ts';

const odds = (text: string): Rational => {
  const parsed = parseOdds(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.decimal;
};

describe('parlay maths', () => {
  it('multiplies mixed American, decimal and fractional odds exactly', () => {
    // -110 = 21/11, 5/2 = 7/2, 2.5 = 5/2, +150 = 5/2: 21 × 7 × 5 × 5 / (11 × 2 × 2 × 2) = 3675/88.
    expect(combinedOdds(['-110', '5/2', '2.5', '+150'].map(odds))).toEqual({ num: 3675n, den: 88n });
    expect(decimalOddsString(combinedOdds(['-110', '-110'].map(odds)))).toBe('3.644628');
    expect(shortDecimal(combinedOdds(['2', '2'].map(odds)))).toBe('4');
    expect(shortDecimal(combinedOdds(['-110', '5/2', '2.5'].map(odds)))).toBe('16.704545');
  });

  it('settles: won at the product, void legs as 1.00, lost at once, all void returns the stake, exact cents', () => {
    const legs = ['-110', '5/2', '2.5'].map(odds);
    const at = (...statuses: ('pending' | 'won' | 'lost' | 'void')[]) =>
      parlayOutcome(
        11000n,
        legs.map((decimal, i) => ({ decimal, status: statuses[i]! })),
      );
    const show = (o: ReturnType<typeof parlayOutcome>) => [
      o.status,
      decimalOddsString(o.decimalOdds),
      formatCents(o.potentialWin),
      o.profit === null ? null : formatCents(o.profit),
    ];
    // $110 × 735/44 = 1837.5 exactly.
    expect(show(at('won', 'won', 'won'))).toEqual(['won', '16.704545', '1837.50', '1727.50']);
    // The 5/2 leg void: $110 × 21/11 × 5/2 = 525.00.
    expect(show(at('won', 'void', 'won'))).toEqual(['won', '4.772727', '525.00', '415.00']);
    expect(show(at('void', 'void', 'won'))).toEqual(['won', '2.500000', '275.00', '165.00']);
    expect(show(at('void', 'void', 'void'))).toEqual(['void', '16.704545', '1837.50', '0.00']);
    expect(show(at('won', 'lost', 'pending'))).toEqual(['lost', '16.704545', '1837.50', '-110.00']);
    expect(show(at('won', 'pending', 'won'))).toEqual(['pending', '16.704545', '1837.50', null]);
    // Rounded half up to the cent from the exact product: $0.03 at 21/11 × 21/11 = 441/121 → 0.10933… → 0.11.
    expect(
      formatCents(
        parlayOutcome(
          3n,
          ['-110', '-110'].map((t) => ({ decimal: odds(t), status: 'won' as const })),
        ).potentialWin,
      ),
    ).toBe('0.11');
  });

  it('previews combined odds and potential win once the stake and every leg are valid', () => {
    expect(previewParlay('10', ['-110', '5/2', '2.5'])).toEqual({ odds: '16.70', potentialWin: '167.05' });
    expect(previewParlay('10', ['-110', ''])).toBeNull();
    expect(previewParlay('10', ['-110'])).toBeNull();
    expect(previewParlay('ten', ['2', '2'])).toBeNull();
    expect(previewParlay('10', ['99', '99', '99'])).toBeNull();
  });

  it("names the parlay by its legs, cut at the description's limit", () => {
    expect(parlayDescription([' A ', 'B'])).toBe('Parlay: A + B');
    const long = parlayDescription(Array(15).fill('x'.repeat(100)));
    expect(long).toHaveLength(500);
    expect(long.endsWith('…')).toBe(true);
  });

  it('reads a body with legs as a parlay and any other as a single bet', () => {
    const schema = createRecordAnyBetSchema();
    const leg = { description: 'A', sport: 'tennis', odds: '2', eventDate: '2030-01-01T00:00:00Z' };
    expect(schema.safeParse({ amount: '5', legs: [leg, leg] }).success).toBe(true);
    const one = schema.safeParse({ amount: '5', legs: [leg] });
    expect(one.success ? null : one.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['legs', PARLAY_LEG_COUNT_MESSAGE],
    ]);
    const single = schema.safeParse({
      amount: '5',
      description: 'A',
      sport: 'tennis',
      odds: 'x',
      eventDate: leg.eventDate,
    });
    expect(single.success ? null : single.error.issues.map((i) => i.path.join('.'))).toEqual(['odds']);
  });
});
