import { z } from 'zod';

/**
 * The longest display name a profile may have. The sign-up's full name becomes the profile's
 * display name (the database trigger of decision 001), so sign-up applies the same limit: a name
 * accepted there can be saved unchanged on the profile form.
 */
export const DISPLAY_NAME_MAX_LENGTH = 60;

/**
 * Characters a display name may not hold: the bidirectional controls (U+202E turns "Tips" around
 * text after it; U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069) and the invisible ones
 * (zero-width space, joiners, word joiner, BOM, Mongolian vowel separator): each makes a name read
 * as something other than what it is. The database holds the same list (migration 0031_security,
 * profiles_display_name_plain).
 */
export const DISPLAY_NAME_HIDDEN_CHARACTERS = /[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;

/**
 * What would pass for betproof's verified badge beside a name: a check mark of any kind, or the
 * word "verified" (the database holds it too).
 */
export const DISPLAY_NAME_BADGE = /[\u2611\u2705\u2713\u2714\u{1F5F8}\u{1F5F9}]|\bverified\b/iu;

export const displayNameMessages = (label: string) => ({
  hidden: `${label} cannot contain invisible or text-direction characters`,
  badge: `${label} cannot contain a check mark or the word "verified": the badge is given by betproof`,
});

/**
 * A display name as a form or the API takes it: trimmed, at most DISPLAY_NAME_MAX_LENGTH characters
 * (zod counts code points: an emoji is one), without hidden characters or a look-alike badge;
 * `label` names the field in the message.
 */
export const displayNameSchema = (label: string) =>
  z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX_LENGTH, `${label} must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`)
    .refine((name) => !DISPLAY_NAME_HIDDEN_CHARACTERS.test(name), displayNameMessages(label).hidden)
    .refine((name) => !DISPLAY_NAME_BADGE.test(name), displayNameMessages(label).badge);
