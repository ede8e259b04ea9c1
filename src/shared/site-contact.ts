import { z } from 'zod';

/**
 * The operator's contact details shown on the contact and legal pages. They are runtime settings:
 * the server reads them from its environment (src/server/env.ts) and writes them into every page
 * it serves (an inert JSON script, {@link SITE_CONTACT_ELEMENT_ID}); nothing is baked into the
 * build, and a detail that is not set is left out of the pages rather than made up.
 */
const socialUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional();
const followerCount = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be a whole number')
  .max(Number.MAX_SAFE_INTEGER)
  .optional();

export const siteContactSchema = z.object({
  supportEmail: z.email().optional(),
  supportPhone: z
    .string()
    .regex(/^\+?[\d ()./-]{5,30}$/, 'must be a phone number: digits, spaces, ( ) . / - and an optional leading +')
    .optional(),
  /** Postal address, one line each. */
  officeAddress: z.array(z.string().min(1).max(200)).min(1).max(8).optional(),
  advertisingEmail: z.email().optional(),
  privacyEmail: z.email().optional(),
  legalEmail: z.email().optional(),
  /**
   * The operator's own social accounts, and (only if they choose to state it) each one's follower
   * count as the platform shows it: the Follow page lists a platform only when its link is set, and
   * a count only when it is (docs/decisions/032).
   */
  socialX: socialUrl,
  socialXFollowers: followerCount,
  socialInstagram: socialUrl,
  socialInstagramFollowers: followerCount,
  socialTelegram: socialUrl,
  socialTelegramFollowers: followerCount,
  socialTwitch: socialUrl,
  socialTwitchFollowers: followerCount,
  socialTiktok: socialUrl,
  socialTiktokFollowers: followerCount,
});

export type SiteContact = z.infer<typeof siteContactSchema>;

/** The id of the `<script type="application/json">` element that carries the settings. */
export const SITE_CONTACT_ELEMENT_ID = 'site-contact';

/** The environment variable behind each detail (documented in README's configuration table). */
export const SITE_CONTACT_ENV = {
  supportEmail: 'SUPPORT_EMAIL',
  supportPhone: 'SUPPORT_PHONE',
  officeAddress: 'OFFICE_ADDRESS',
  advertisingEmail: 'ADVERTISING_EMAIL',
  privacyEmail: 'PRIVACY_EMAIL',
  legalEmail: 'LEGAL_EMAIL',
  socialX: 'SOCIAL_X_URL',
  socialXFollowers: 'SOCIAL_X_FOLLOWERS',
  socialInstagram: 'SOCIAL_INSTAGRAM_URL',
  socialInstagramFollowers: 'SOCIAL_INSTAGRAM_FOLLOWERS',
  socialTelegram: 'SOCIAL_TELEGRAM_URL',
  socialTelegramFollowers: 'SOCIAL_TELEGRAM_FOLLOWERS',
  socialTwitch: 'SOCIAL_TWITCH_URL',
  socialTwitchFollowers: 'SOCIAL_TWITCH_FOLLOWERS',
  socialTiktok: 'SOCIAL_TIKTOK_URL',
  socialTiktokFollowers: 'SOCIAL_TIKTOK_FOLLOWERS',
} as const satisfies Record<keyof SiteContact, string>;

/** `tel:` form of a display number: '+1 (212) 555-0100' → 'tel:+12125550100'. */
export const telHref = (display: string) => `tel:${display.replace(/[^\d+]/g, '')}`;

/**
 * The settings as a JSON script element for a page's <head>, or nothing when none is set. `<` is
 * escaped so no value can close the element, whatever the operator typed.
 */
export function siteContactScript(contact: SiteContact): string {
  if (Object.keys(contact).length === 0) return '';
  const json = JSON.stringify(contact).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${SITE_CONTACT_ELEMENT_ID}">${json}</script>`;
}
