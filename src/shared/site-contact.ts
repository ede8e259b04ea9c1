import { z } from 'zod';

/**
 * The operator's contact details shown on the contact and legal pages. They are runtime settings:
 * the server reads them from its environment (src/server/env.ts) and writes them into every page
 * it serves (an inert JSON script, {@link SITE_CONTACT_ELEMENT_ID}); nothing is baked into the
 * build, and a detail that is not set is left out of the pages rather than made up.
 */
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
