/**
 * The "Need help?" page's list: help lines, chat, and self-exclusion and blocking tools, by
 * country, each with the source it was checked against and the date (docs/decisions/035). The
 * bundled list is help-resources.json; a server may serve another (HELP_RESOURCES_FILE), which the
 * page fetches from GET /api/help-resources.
 */
import bundled from './help-resources.json' with { type: 'json' };

export const HELP_RESOURCE_KINDS = [
  'helpline',
  'chat',
  'self-exclusion',
  'blocking',
  'peer-support',
  'crisis',
] as const;

export interface HelpResource {
  name: string;
  kind: (typeof HELP_RESOURCE_KINDS)[number];
  description: string;
  phone?: string;
  /** How to reach it by text message ("Text 800GAM"). */
  text?: string;
  url?: string;
  /** Where the details were checked, and when. */
  source: string;
  checked: string;
}

export interface HelpResources {
  /** When the list as a whole was last checked. */
  checked: string;
  countries: { code: string; name: string; resources: HelpResource[] }[];
  /** Help that works wherever someone is: chat, blocking software, peer support. */
  everywhere: HelpResource[];
}

/** The list shipped with betproof. */
export const BUNDLED_HELP_RESOURCES = bundled as HelpResources;

/**
 * The country of the browser's preferred languages that the list has ("en-GB" → "GB"), else
 * null. The browser's language region is a guess at where someone is; the page lets them change it.
 */
export function countryFromLanguages(languages: readonly string[], list: HelpResources): string | null {
  const codes = new Set(list.countries.map((c) => c.code));
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && codes.has(region)) return region;
    } catch {
      // Not a language tag: try the next.
    }
  }
  return null;
}
