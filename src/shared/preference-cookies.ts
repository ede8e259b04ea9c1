/**
 * Choices a visitor makes in the browser that change how a page looks, kept in first-party
 * cookies the server reads too (docs/decisions/031), so the server renders the page as the
 * browser will show it and hydration changes nothing. Not httpOnly (the page writes them), never a
 * credential, and only these names ever reach a render (preferenceCookiesOf): the session cookie
 * stays out of the HTML.
 */

export const PREFERENCE_COOKIES = {
  /** The account (its user id) whose dashboard's "Choose your username" was skipped in this browser. */
  usernamePromptSkipped: 'betproof_username_prompt_skipped',
  /** The visitor's cookie choice (cookie-preferences.ts encodes it). */
  cookieChoice: 'betproof_cookie_choice',
  /** How odds are written on every page: american, decimal or fractional (odds.ts's oddsFormatOf). */
  oddsFormat: 'betproof_odds_format',
} as const;

export type PreferenceCookies = Partial<Record<keyof typeof PREFERENCE_COOKIES, string>>;

/** Kept a year, as consent tools keep a choice. */
export const PREFERENCE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The preference cookies in a Cookie header (or document.cookie), decoded; the rest ignored. */
export function preferenceCookiesOf(cookieHeader: string | null | undefined): PreferenceCookies {
  const found: PreferenceCookies = {};
  if (!cookieHeader) return found;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const key = (Object.keys(PREFERENCE_COOKIES) as (keyof typeof PREFERENCE_COOKIES)[]).find(
      (k) => PREFERENCE_COOKIES[k] === name,
    );
    if (!key) continue;
    try {
      found[key] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // A value this site never wrote: as if absent.
    }
  }
  return found;
}

/** The Set-Cookie-style string the browser writes for a preference (document.cookie = ...). */
export const preferenceCookie = (key: keyof typeof PREFERENCE_COOKIES, value: string) =>
  `${PREFERENCE_COOKIES[key]}=${encodeURIComponent(value)}; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
