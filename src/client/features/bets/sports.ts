import type { Sport } from '../../../shared/bets.ts';

/** Sports whose name is not just the capitalised word. */
const SPECIAL: Record<string, string> = { mma: 'MMA' };

/** 'basketball' → 'Basketball', 'mma' → 'MMA'. */
export const sportLabel = (sport: Sport | string) => SPECIAL[sport] ?? sport.charAt(0).toUpperCase() + sport.slice(1);
