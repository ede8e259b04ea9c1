import { Link } from 'react-router';
import { paths } from '../../shared/routes.ts';
import { LegalDocument, LegalSubheading, type LegalSection } from '../features/legal/legal-document.tsx';
import { COOKIE_CATEGORIES, CookieSettings } from '../features/legal/cookie-settings.tsx';
import { SITE_CONTACT } from '../features/marketing/site-contact.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

const BROWSERS = [
  {
    name: 'Google Chrome',
    steps: 'Settings → Privacy and security → Third-party cookies (or Delete browsing data to clear them).',
  },
  { name: 'Mozilla Firefox', steps: 'Settings → Privacy & Security → Cookies and Site Data → Manage Data.' },
  { name: 'Safari', steps: 'Settings (Preferences) → Privacy → Manage Website Data; on iPhone, Settings → Safari.' },
  {
    name: 'Microsoft Edge',
    steps: 'Settings → Cookies and site permissions → Manage and delete cookies and site data.',
  },
] as const;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: 'What Are Cookies',
    body: (
      <p>
        Cookies are small text files a website stores in your browser so it can remember you between pages and visits.
        We also use similar technologies such as your browser&apos;s local storage. Your choices on this page are kept
        in a cookie of our own, which our server reads so that pages arrive already showing them. This policy explains
        which ones betproof uses and how you can control them; it forms part of our{' '}
        <Link to={paths.privacy}>Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: 'categories',
    title: 'Cookie Categories',
    body: (
      <>
        <p>We group cookies into four categories:</p>
        {COOKIE_CATEGORIES.map((category) => (
          <div key={category.key}>
            <LegalSubheading>{category.name}</LegalSubheading>
            <p className="mt-1">{category.description}</p>
          </div>
        ))}
      </>
    ),
  },
  {
    id: 'preferences',
    title: 'Your Cookie Preferences',
    body: (
      <>
        <p>
          Choose which optional cookies you allow. Essential cookies are always on. Your choice is kept in this browser
          and applied every time you come back; you can change it here at any time.
        </p>
        <CookieSettings />
      </>
    ),
  },
  {
    id: 'third-party',
    title: 'Third-Party Cookies',
    body: (
      <>
        <p>Some cookies are set by services we work with, only in the categories you allow:</p>
        <ul>
          <li>
            <strong>Analytics providers</strong>, which count visits and measure how features are used;
          </li>
          <li>
            <strong>Advertising partners</strong>, which limit how often you see an ad and measure campaigns;
          </li>
          <li>
            <strong>Social media platforms</strong>, when you use share buttons or view embedded posts;
          </li>
          <li>
            <strong>Customer support tools</strong>, which keep a support conversation going between pages.
          </li>
        </ul>
        <p>These providers handle information under their own privacy policies.</p>
      </>
    ),
  },
  {
    id: 'browser-settings',
    title: 'Managing Cookies in Your Browser',
    body: (
      <>
        <p>
          Most browsers let you block or delete cookies. Blocking essential cookies will sign you out and stop parts of
          betproof from working.
        </p>
        <ul>
          {BROWSERS.map((browser) => (
            <li key={browser.name}>
              <strong>{browser.name}:</strong> {browser.steps}
            </li>
          ))}
        </ul>
        <p>
          To opt out of interest-based advertising across many companies, you can also use your device&apos;s
          advertising settings.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions about cookies? Use our <Link to={paths.contact}>contact form</Link>
        {SITE_CONTACT.privacyEmail && (
          <>
            {' '}
            or email <a href={`mailto:${SITE_CONTACT.privacyEmail}`}>{SITE_CONTACT.privacyEmail}</a>
          </>
        )}
        .
      </p>
    ),
  },
];

export default function CookiesPage() {
  usePageMeta(
    'Cookie Policy',
    'How betproof uses cookies: essential, analytics, marketing and personalization. Set your cookie preferences, learn about third-party cookies and manage cookies in your browser.',
  );
  return (
    <LegalDocument
      title="Cookie Policy"
      updated="December 2024"
      intro={<p>This policy explains how betproof uses cookies and how you can choose which ones we use.</p>}
      sections={SECTIONS}
    />
  );
}
