import type { BetSport } from '../../../shared/bets.ts';
import { SPORT_LABELS } from '../../../shared/community.ts';
import { PARLAY_LABEL, PARLAY_SPORT } from '../../../shared/parlays.ts';

/** 'basketball' → 'Basketball', 'mma' → 'MMA', 'parlay' → 'Parlay': the one list of names (shared/community.ts). */
export const sportLabel = (sport: BetSport | string) =>
  sport === PARLAY_SPORT ? PARLAY_LABEL : (SPORT_LABELS[sport as keyof typeof SPORT_LABELS] ?? sport);
