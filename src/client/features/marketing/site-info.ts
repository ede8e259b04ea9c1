/** The site's contact details, as the Contact page and the footer state them. */
export const SUPPORT_HOURS = 'Monday - Friday, 9 AM - 6 PM EST';

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
