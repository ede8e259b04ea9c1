import { SITE_CONTACT_GLOBAL } from '../../../shared/page-rendering.ts';
import { SITE_CONTACT_ELEMENT_ID, siteContactSchema, type SiteContact } from '../../../shared/site-contact.ts';

export { telHref } from '../../../shared/site-contact.ts';

/**
 * The operator's contact details, as the server wrote them into the page (runtime settings, see
 * shared/site-contact.ts), or, in the server's own render, as it set them before loading it. A detail that is not set is absent: pages leave it out and point to the
 * contact form instead of showing a made-up address.
 */
export const SITE_CONTACT: SiteContact = readSiteContact();

function readSiteContact(): SiteContact {
  if (typeof document === 'undefined') {
    const parsed = siteContactSchema.safeParse((globalThis as Record<string, unknown>)[SITE_CONTACT_GLOBAL] ?? {});
    return parsed.success ? parsed.data : {};
  }
  const text = document.getElementById(SITE_CONTACT_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed = siteContactSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
