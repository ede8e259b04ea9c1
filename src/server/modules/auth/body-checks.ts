/**
 * Checks on the body of a request to Better Auth, run by our before-hook (hooks.ts) before Better
 * Auth reads it. Better Auth stores or looks up what it is given as it is; these hold its bodies to
 * the rules the rest of the API and the client's forms apply (shared/auth.ts, shared/text.ts), with
 * the same messages, and keep out bodies that would crash it (a 500) instead of being refused.
 */
import { APIError } from 'better-auth/api';
import { ageConfirmedSchema, emailSchema, signUpSchema } from '../../../shared/auth.ts';
import { UNSTORABLE_TEXT_MESSAGE, findUnstorableText } from '../../../shared/text.ts';

/** Body fields that are hashed, never stored as text: any characters may be in a password. */
const PASSWORD_FIELDS = new Set(['password', 'newPassword', 'currentPassword']);

/**
 * A 400 for a body holding text the database cannot store exactly (a NUL fails the query, a 500;
 * an unpaired surrogate would be stored as U+FFFD): Better Auth looks up or inserts it as it is.
 */
export function assertStorableText(body: Record<string, unknown> | undefined) {
  const fields = body && typeof body === 'object' ? Object.entries(body).filter(([k]) => !PASSWORD_FIELDS.has(k)) : [];
  const at = findUnstorableText(Object.fromEntries(fields));
  if (at !== null) {
    throw new APIError('BAD_REQUEST', {
      message: `${at.slice(0, 64)}: ${UNSTORABLE_TEXT_MESSAGE}`,
      code: 'INVALID_TEXT',
    });
  }
}

/** Far deeper than any body the auth endpoints take (they are flat objects). */
const MAX_BODY_DEPTH = 16;

/**
 * A 400 for a body nested deeper than MAX_BODY_DEPTH: Better Auth merges the context our hook
 * returns into the request's with a recursive function, which overflows the call stack (a 500)
 * on a body some thousands of levels deep. Walked with its own stack for the same reason.
 */
export function assertShallowBody(body: unknown) {
  const pending: [unknown, number][] = [[body, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) {
      throw new APIError('BAD_REQUEST', { message: 'The request body is nested too deeply', code: 'BODY_TOO_DEEP' });
    }
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
}

/**
 * The keys a sign-up body may carry: what our sign-up form sends through Better Auth's client
 * (email, password, name, ageConfirmed, callbackURL) and rememberMe, which that client may add.
 * Better Auth itself also takes `image` (any text, any length, stored on the user though no page
 * shows it) and passes any other key on to the user's fields.
 */
const SIGN_UP_KEYS = new Set(['email', 'password', 'name', 'ageConfirmed', 'callbackURL', 'rememberMe']);

/** A 400 naming each key of a sign-up body that is not in SIGN_UP_KEYS (like the API's "Unknown field"). */
export function assertKnownSignUpKeys(body: unknown) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const unknown = Object.keys(body).filter((key) => !SIGN_UP_KEYS.has(key));
  if (unknown.length === 0) return;
  throw new APIError('BAD_REQUEST', {
    message: unknown.map((key) => `${key.slice(0, 64)}: Unknown field`).join('; '),
    code: 'UNKNOWN_FIELD',
  });
}

/**
 * A 400 unless the sign-up says the person is 18 or older (`ageConfirmed: true`, the sign-up
 * form's required checkbox); Better Auth then stamps the time on the account (better-auth.ts).
 */
export function assertAgeConfirmed(ageConfirmed: unknown) {
  const parsed = ageConfirmedSchema.safeParse(ageConfirmed);
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]!.message, code: 'AGE_NOT_CONFIRMED' });
  }
}

/** The sign-up email, trimmed, or a 400 with the client form's message. */
export function acceptableEmail(email: unknown): string {
  const parsed = emailSchema.safeParse(typeof email === 'string' ? email : '');
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]!.message, code: 'INVALID_EMAIL' });
  }
  return parsed.data;
}

/**
 * The sign-up's full name, trimmed, with the sign-up form's rule (it becomes the profile's display
 * name); absent or null is ''. A name of another type goes on as it is, for Better Auth to refuse.
 */
export function acceptableName(name: unknown): unknown {
  if (name === undefined || name === null) return '';
  if (typeof name !== 'string') return name;
  const parsed = signUpSchema.shape.fullName.safeParse(name);
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]!.message, code: 'INVALID_NAME' });
  }
  return parsed.data;
}
