/**
 * The rules of profiles the pages state: verification statuses, the API's verbatim
 * errors, the unit-size message. No zod here (docs/decisions/015): the request and answer shapes
 * are profile-schemas.ts.
 */

export const VERIFICATION_STATUSES = ['unverified', 'pending', 'verified'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Verbatim API errors the client maps to its views. */
export const PROFILE_NOT_FOUND_ERROR = 'Profile not found';
export const USERNAME_TAKEN_MESSAGE = 'That username is taken';

export const EMPTY_SOCIAL_LINKS = { twitter: '', instagram: '', youtube: '', website: '' };

export const UNIT_SIZE_MESSAGE = 'Unit size must be an amount from 0.01 to 1,000,000 such as 10 or 25.50, or empty';
