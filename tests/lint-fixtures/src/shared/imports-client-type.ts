// expect: import-x/no-restricted-paths
// Not even a type: src/shared depends on neither side.
import type { BetPages } from '../client/features/bets/index.ts';

export type Pages = BetPages;
