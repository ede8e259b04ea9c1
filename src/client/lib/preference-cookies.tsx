import { createContext, useContext } from 'react';
import type { PREFERENCE_COOKIES } from '../../shared/preference-cookies.ts';
import { preferenceCookie, preferenceCookiesOf, type PreferenceCookies } from '../../shared/preference-cookies.ts';

/**
 * The request's preference cookies while the server renders (ssr/render.tsx provides them); null
 * in the browser, which reads its own (document.cookie): both renders of a page read the same.
 */
export const RequestPreferences = createContext<PreferenceCookies | null>(null);

/** The visitor's preference cookies, on the server (the request's) and in the browser alike. */
export function usePreferenceCookies(): PreferenceCookies {
  const fromRequest = useContext(RequestPreferences);
  if (fromRequest) return fromRequest;
  return typeof document === 'undefined' ? {} : preferenceCookiesOf(document.cookie);
}

/** Keeps a preference in this browser's cookie; false when the browser refuses cookies. */
export function savePreferenceCookie(key: keyof typeof PREFERENCE_COOKIES, value: string): boolean {
  try {
    document.cookie = preferenceCookie(key, value);
    return preferenceCookiesOf(document.cookie)[key] === value;
  } catch {
    return false;
  }
}
