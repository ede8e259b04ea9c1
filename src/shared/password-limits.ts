/** Password length limits, apart from the schemas so a page can show them without loading zod. */
export const PASSWORD_MIN_LENGTH = 6;
/** Argon2 works on any length, but an unbounded input is a denial-of-service lever. */
export const PASSWORD_MAX_LENGTH = 128;
