import { Link } from 'react-router';
import { paths } from '../../shared/routes.ts';
import { LegalDocument, LegalSubheading, type LegalSection } from '../features/legal/legal-document.tsx';
import { SITE_CONTACT } from '../features/marketing/site-contact.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <LegalSubheading>Information you give us</LegalSubheading>
        <ul>
          <li>Account details: your email address, an optional name, and your password (stored only as a hash).</li>
          <li>Profile details: your username, display name, privacy setting and any social links you add.</li>
          <li>Betting records: descriptions, stakes, odds, sports, event times and results of the bets you record.</li>
          <li>Messages: what you send through our contact or advertising forms, and newsletter sign-ups.</li>
        </ul>
        <LegalSubheading>Information collected automatically</LegalSubheading>
        <ul>
          <li>Technical data such as IP address, browser type and device, used to run and secure the Service.</li>
          <li>Cookies and similar technologies, as described in our Cookie Policy.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>To provide the Service: store your bets, calculate your statistics and show your profile.</li>
        <li>To keep accounts secure, prevent fraud and spam, and enforce our Terms of Use.</li>
        <li>To reply to your messages and send service emails such as confirmation and password-reset links.</li>
        <li>To send the newsletter, only if you subscribe.</li>
        <li>To understand how betproof is used and improve it, using aggregated data where possible.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Information Sharing',
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>publicly, when you choose a public profile (your username, record and statistics);</li>
          <li>with service providers who host and operate betproof for us, under strict contracts;</li>
          <li>when required by law, or to protect the rights and safety of our users and the public.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Data Security',
    body: (
      <p>
        We protect your information with encryption in transit (HTTPS), salted one-way hashing of passwords, access
        controls that limit who can see your data, and regular security reviews. No system is perfectly secure, so
        please use a strong, unique password and tell us at once if you suspect unauthorised access.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Data Retention',
    body: (
      <p>
        We keep your account and betting records for as long as your account is open. When you delete your account we
        delete or anonymise your personal information within 30 days, except where we must keep it longer to meet legal
        obligations. Messages you send us are kept for up to two years.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li>
            <strong>Access</strong> the personal information we hold about you;
          </li>
          <li>
            <strong>Correction</strong> of information that is wrong or incomplete;
          </li>
          <li>
            <strong>Deletion</strong> of your account and personal information;
          </li>
          <li>
            <strong>Portability</strong>: a copy of your betting history in a common format (CSV);
          </li>
          <li>
            <strong>Opt out</strong> of marketing emails at any time, using the link in every email;
          </li>
          <li>
            <strong>Privacy settings</strong>: make your profile private so your statistics are hidden from others.
          </li>
        </ul>
        <p>
          To use any of these rights,{' '}
          {SITE_CONTACT.privacyEmail ? (
            <>
              email <a href={`mailto:${SITE_CONTACT.privacyEmail}`}>{SITE_CONTACT.privacyEmail}</a> or use our{' '}
            </>
          ) : (
            'use our '
          )}
          <Link to={paths.contact}>contact form</Link>. We reply within 30 days.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        We use essential cookies to keep you signed in and, with your consent, optional cookies for analytics, marketing
        and personalization. You can change your choices at any time on our{' '}
        <Link to={paths.cookies}>Cookie Policy</Link> page.
      </p>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International Data Transfers',
    body: (
      <p>
        betproof is operated from the United States, and your information may be processed there or in other countries
        where our service providers work. When we transfer personal information out of your country we use appropriate
        safeguards, such as standard contractual clauses, to protect it.
      </p>
    ),
  },
  {
    id: 'children',
    title: "Children's Privacy",
    body: (
      <p>
        betproof is only for adults. We do not knowingly collect information from anyone under 18. If you believe a
        person under 18 has created an account, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy as the Service changes. We will post the new version here with a new date and, for
        significant changes, let you know by email or in the app before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions or requests about your privacy? Use our <Link to={paths.contact}>contact form</Link>
        {SITE_CONTACT.privacyEmail && (
          <>
            , email <a href={`mailto:${SITE_CONTACT.privacyEmail}`}>{SITE_CONTACT.privacyEmail}</a>
          </>
        )}
        {SITE_CONTACT.officeAddress && <>, or write to us at {SITE_CONTACT.officeAddress.join(', ')}</>}.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  usePageMeta(
    'Privacy Policy',
    'How betproof collects, uses, shares and protects your information, and your rights: access, correction, deletion, portability, opt-out and privacy settings.',
  );
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="December 2024"
      intro={
        <p>
          This policy explains what information betproof collects when you use our bet-tracking service, how we use it,
          and the choices you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
