/**
 * The verification-application contract: a signed-in user applies (unverified → pending), an
 * admin then verifies or declines (src/shared/admin.ts). The server validates and answers in these
 * shapes; the client uses the types and the messages.
 */
import { z } from 'zod';
import { VERIFICATION_STATUSES, type VerificationStatus } from './profiles.ts';

export { VERIFICATION_STATUSES, type VerificationStatus };

/** The badge a verified profile shows (on the public profile). */
export const VERIFIED_BADGE_LABEL = 'Verified Bettor';

/** 409 answers to POST /api/verification/apply when there is nothing to apply for. */
export const ALREADY_PENDING_MESSAGE = 'Your verification application is already pending review';
export const ALREADY_VERIFIED_MESSAGE = 'Your account is already verified';

/** What the apply button's toast says after a successful application. */
export const APPLIED_TITLE = 'Application Sent';
export const APPLIED_DESCRIPTION = 'Your verification application is pending review by our team.';

/**
 * What applying asks for and what the badge means, shown before the application is sent: only what
 * the code does (an admin sets the status by hand in the admin dashboard; nothing is automatic).
 */
export const VERIFICATION_CRITERIA = [
  'A betproof admin looks at your record by hand: the bets, when each was recorded and how it was settled.',
  'There is no automatic threshold: no number of bets, win rate or profit earns the badge by itself.',
  'The admin then verifies or declines; you can apply again after a decline.',
  'The Verified Bettor badge says a person checked the record; it says nothing about future results.',
] as const;

/** GET /api/verification and POST /api/verification/apply (201) answer this. */
export const verificationStateSchema = z.object({ status: z.enum(VERIFICATION_STATUSES) });
export type VerificationState = z.infer<typeof verificationStateSchema>;

/** How each status reads to its owner. */
export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  unverified: 'Not verified',
  pending: 'Verification pending',
  verified: VERIFIED_BADGE_LABEL,
};
