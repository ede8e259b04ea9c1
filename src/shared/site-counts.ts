/**
 * The site's own counts, as the marketing pages show them (GET /api/community/counts; the answer's
 * shape is community-schemas.ts). A module of its own: the landing page loads it, and nothing else
 * of the community rules.
 */

/**
 * The figures the marketing pages show about the site itself: counted by the database, never
 * typed in (docs/decisions/032). Each has its label and what exactly it counts.
 */
export const SITE_COUNTS = {
  publicBettors: {
    label: 'Bettors with a public record',
    explanation: 'Public profiles with at least one bet.',
  },
  betsRecorded: {
    label: 'Bets recorded',
    explanation: 'Every bet on betproof, public or private.',
  },
  betsGraded: {
    label: 'Bets graded from results',
    explanation: 'Bets on a listed event, settled from its published result, never by the bettor.',
  },
  ledgerEntries: {
    label: 'Ledger entries',
    explanation: 'One per bet recorded, settled or deleted.',
  },
} as const;
export type SiteCount = keyof typeof SITE_COUNTS;

/** The site counts are counted at most this often (and browsers and caches keep them as long). */
export const SITE_COUNTS_MAX_AGE_SECONDS = 60;
