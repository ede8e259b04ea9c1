import type { Sport } from '../../../shared/bets.ts';
import { SPORT_LABELS } from '../../../shared/community.ts';

/** 'basketball' → 'Basketball', 'mma' → 'MMA': the one list of names (shared/community.ts). */
export const sportLabel = (sport: Sport | string) => SPORT_LABELS[sport as Sport] ?? sport;
