/**
 * Contact details and social profiles shown on the marketing pages. Each value can be set at
 * build time (VITE_* variables, e.g. `VITE_SUPPORT_EMAIL=help@example.com npm run build`); the
 * defaults are placeholders on reserved example domains and numbers.
 */
const env = import.meta.env as Record<string, string | undefined>;
const setting = (name: string, fallback: string) => env[name]?.trim() || fallback;

export const SUPPORT_EMAIL = setting('VITE_SUPPORT_EMAIL', 'support@betproof.example');
export const ADVERTISING_EMAIL = setting('VITE_ADVERTISING_EMAIL', 'ads@betproof.example');
export const PRIVACY_EMAIL = setting('VITE_PRIVACY_EMAIL', 'privacy@betproof.example');
export const LEGAL_EMAIL = setting('VITE_LEGAL_EMAIL', 'legal@betproof.example');
/** A 555-01xx number: reserved for fiction, never a real line. */
export const SUPPORT_PHONE = setting('VITE_SUPPORT_PHONE', '+1 (555) 010-0199');
export const OFFICE_ADDRESS_LINES = setting(
  'VITE_OFFICE_ADDRESS',
  'betproof Inc.|100 Example Plaza, Suite 400|San Francisco, CA 94105|United States',
).split('|');
/** Verbatim from the spec (section 2, Contact). */
export const SUPPORT_HOURS = 'Monday - Friday, 9 AM - 6 PM EST';

/** `tel:` form of a display number: '+1 (555) 010-0199' → 'tel:+15550100199'. */
export const telHref = (display: string) => `tel:${display.replace(/[^\d+]/g, '')}`;

/** Static marketing claims (spec section 9). */
export const CLAIMS = {
  users: '50K+',
  bets: '2M+',
  uptime: '99.9%',
  support: '24/7',
  followers: '152K',
  engagement: '85%',
  growth: '25%',
} as const;

/** Where to get help with gambling; shown on the landing page and in the Terms. */
export const HELPLINES = [
  {
    name: 'National Problem Gambling Helpline (US)',
    contact: '1-800-GAMBLER',
    href: 'tel:+18004262537',
    note: 'Free, confidential, 24/7',
  },
  {
    name: 'BeGambleAware (UK)',
    contact: 'begambleaware.org',
    href: 'https://www.begambleaware.org/',
    note: 'Advice, tools and support',
  },
  {
    name: 'National Gambling Helpline (UK)',
    contact: '0808 8020 133',
    href: 'tel:+448088020133',
    note: 'Run by GamCare, 24/7',
  },
  {
    name: 'Gamblers Anonymous',
    contact: 'gamblersanonymous.org',
    href: 'https://www.gamblersanonymous.org/',
    note: 'Peer support meetings',
  },
] as const;
