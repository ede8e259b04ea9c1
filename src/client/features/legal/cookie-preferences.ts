/**
 * The visitor's cookie choices, kept in this browser (localStorage) and read back on every visit.
 * Essential cookies cannot be turned off; the three optional categories can.
 */
export const COOKIE_PREFERENCES_KEY = 'betproof.cookie-preferences';

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

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, blocked cookies)
  }
};

/** The saved choice, or null when there is none (or it cannot be read). */
export function loadCookiePreferences(): StoredCookiePreferences | null {
  try {
    const raw = storage()?.getItem(COOKIE_PREFERENCES_KEY);
    if (!raw) return null;
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

/** Keeps the choice in this browser; false when the browser refuses to store it. */
export function saveCookiePreferences(
  preferences: CookiePreferences,
  now: Date = new Date(),
): StoredCookiePreferences | null {
  const stored: StoredCookiePreferences = { ...preferences, essential: true, savedAt: now.toISOString() };
  try {
    const target = storage();
    if (!target) return null;
    target.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify(stored));
    return stored;
  } catch {
    return null;
  }
}
