import { savePreferenceCookie } from '../../lib/preference-cookies.tsx';

/**
 * The visitor's cookie choices, kept in a first-party cookie (shared/preference-cookies.ts) that
 * the server reads too, so the cookie page arrives with the saved switches (docs/decisions/031).
 * Essential cookies cannot be turned off; the three optional categories can.
 */

export const OPTIONAL_COOKIE_CATEGORIES = ['analytics', 'marketing', 'personalization'] as const;
export type OptionalCookieCategory = (typeof OPTIONAL_COOKIE_CATEGORIES)[number];

export interface CookiePreferences {
  essential: true;
  analytics: boolean;
  marketing: boolean;
  personalization: boolean;
}

export interface StoredCookiePreferences extends CookiePreferences {
  /** When the visitor saved them (ISO). */
  savedAt: string;
}

/** Spec §4: essential on, analytics on, marketing off, personalization on. */
export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = {
  essential: true,
  analytics: true,
  marketing: false,
  personalization: true,
};

export const REJECT_ALL_PREFERENCES: CookiePreferences = {
  essential: true,
  analytics: false,
  marketing: false,
  personalization: false,
};

/** A saved choice as its cookie holds it (JSON), or null when it is none this site wrote. */
export function parseCookieChoice(raw: string | undefined): StoredCookiePreferences | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    if (!OPTIONAL_COOKIE_CATEGORIES.every((c) => typeof record[c] === 'boolean')) return null;
    return {
      essential: true,
      analytics: record.analytics as boolean,
      marketing: record.marketing as boolean,
      personalization: record.personalization as boolean,
      savedAt: typeof record.savedAt === 'string' ? record.savedAt : '',
    };
  } catch {
    return null;
  }
}

/** Keeps the choice in this browser's cookie (the server reads it); null when the browser refuses it. */
export function saveCookiePreferences(
  preferences: CookiePreferences,
  now: Date = new Date(),
): StoredCookiePreferences | null {
  const stored: StoredCookiePreferences = { ...preferences, essential: true, savedAt: now.toISOString() };
  const { analytics, marketing, personalization, savedAt } = stored;
  return savePreferenceCookie('cookieChoice', JSON.stringify({ analytics, marketing, personalization, savedAt }))
    ? stored
    : null;
}
