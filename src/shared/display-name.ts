import { z } from 'zod';

/**
 * The longest display name a profile may have. The sign-up's full name becomes the profile's
 * display name (the database trigger of decision 001), so sign-up applies the same limit: a name
 * accepted there can be saved unchanged on the profile form.
 */
export const DISPLAY_NAME_MAX_LENGTH = 60;

/**
 * A display name as a form or the API takes it: trimmed, at most DISPLAY_NAME_MAX_LENGTH characters
 * (zod counts code points: an emoji is one); `label` names the field in the message.
 */
export const displayNameSchema = (label: string) =>
  z.string().trim().max(DISPLAY_NAME_MAX_LENGTH, `${label} must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`);
