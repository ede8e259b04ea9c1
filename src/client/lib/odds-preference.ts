import { useContext, useSyncExternalStore } from 'react';
import { oddsFormatOf, type OddsFormat } from '../../shared/odds.ts';
import { preferenceCookiesOf } from '../../shared/preference-cookies.ts';
import { RequestPreferences, savePreferenceCookie } from './preference-cookies.tsx';

/**
 * The reader's odds format, kept in a preference cookie (docs/decisions/050): the server renders
 * odds as the browser will, signed in or not, and every odds on the page changes the moment
 * Settings saves a new choice.
 */
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const inThisBrowser = (): OddsFormat =>
  oddsFormatOf(typeof document === 'undefined' ? undefined : preferenceCookiesOf(document.cookie).oddsFormat);

export function useOddsFormat(): OddsFormat {
  const fromRequest = useContext(RequestPreferences);
  return useSyncExternalStore(subscribe, inThisBrowser, () =>
    fromRequest ? oddsFormatOf(fromRequest.oddsFormat) : inThisBrowser(),
  );
}

/** Keeps the choice and redraws every odds shown; false when the browser refuses cookies. */
export function saveOddsFormat(format: OddsFormat): boolean {
  const saved = savePreferenceCookie('oddsFormat', format);
  for (const listener of listeners) listener();
  return saved;
}
