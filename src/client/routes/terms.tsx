import { Link } from 'react-router';
import { paths } from '../../shared/routes.ts';
import { LegalDocument, type LegalSection } from '../features/legal/legal-document.tsx';
import { ExternalLink } from '../features/marketing/section.tsx';
import { SITE_CONTACT } from '../features/marketing/site-contact.ts';
import { HELPLINES } from '../features/marketing/site-info.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <>
        <p>
          By creating an account, recording a bet or otherwise using betproof (the &quot;Service&quot;), you agree to
          these Terms of Use and to our <Link to={paths.privacy}>Privacy Policy</Link>. If you do not agree, please do
          not use the Service.
        </p>
        <p>
          We may update these terms from time to time. When we make material changes we will update the date above and,
          where appropriate, notify you by email or in the app. Continuing to use the Service after a change means you
          accept the updated terms.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'Description of Service',
    body: (
      <>
        <p>
          betproof is a bet-tracking tool. It lets you record bets you have placed elsewhere, settle them as won or
          lost, view performance statistics and, if you choose, share a public profile of your record.
        </p>
        <p>
          To keep every record honest, bets follow these rules. A bet must be recorded at least 6 hours before its event
          starts. It can be deleted only in the 15 minutes after it is recorded and before the event starts, as a
          correction; after that it is part of your record and can&apos;t be deleted. A bet can be settled as won, lost
          or void only after its event has started, and a settled bet is final. A self-reported bet, or a parlay leg,
          still pending 72 hours after its own start is shown as overdue on your profile (a bet on a listed event is
          settled from its result and is never overdue), and a profile with overdue bets is left out of the Bettor
          Spotlight and the influencer ranking until they are settled. Every change to your record is added to a public
          ledger for your profile, which anyone who can see your profile can download and verify.
        </p>
        <p>
          <strong>betproof is not a bookmaker or gambling operator.</strong> We do not accept wagers, hold funds, pay
          out winnings or offer odds. Figures shown on the Service, including potential wins, are calculations based on
          what you enter and are for your information only.
        </p>
      </>
    ),
  },
  {
    id: 'responsibilities',
    title: 'User Responsibilities and Eligibility',
    body: (
      <>
        <p>
          <strong>You must be at least 18 years old</strong> (or the legal gambling age where you live, if higher) to
          use betproof. By using the Service you confirm that you meet this requirement. We may ask for proof of age and
          close accounts that do not meet it.
        </p>
        <p>You also agree to:</p>
        <ul>
          <li>provide accurate information and keep your login details secure;</li>
          <li>
            record bets honestly, before the event starts, and settle them with their true result once the event has
            started;
          </li>
          <li>comply with the gambling laws that apply to you where you live;</li>
          <li>not impersonate others, misrepresent your record, or use the Service to promote illegal gambling;</li>
          <li>not interfere with, scrape or attempt to gain unauthorised access to the Service.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'responsible-gambling',
    title: 'Responsible Gambling',
    body: (
      <>
        <p>
          Gambling should be entertainment, not a way to make money or escape problems. Only bet what you can afford to
          lose, set limits on your time and spending, and never chase losses. If betting stops being fun, take a break
          and talk to someone.
        </p>
        <p>Free, confidential help is available at any time:</p>
        <ul>
          {HELPLINES.map((line) => (
            <li key={line.name}>
              {line.name}:{' '}
              {line.href.startsWith('tel:') ? (
                <a href={line.href}>{line.contact}</a>
              ) : (
                <ExternalLink href={line.href}>{line.contact}</ExternalLink>
              )}
            </li>
          ))}
        </ul>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <p>
        Your privacy matters to us. Our <Link to={paths.privacy}>Privacy Policy</Link> explains what information we
        collect, how we use it and the choices you have, including making your profile private. Our{' '}
        <Link to={paths.cookies}>Cookie Policy</Link> explains how we use cookies.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <>
        <p>
          The Service is provided &quot;as is&quot; and &quot;as available&quot;. We work hard to keep it accurate and
          available, but we do not guarantee that it will be uninterrupted or error-free, and nothing on betproof is
          financial or betting advice.
        </p>
        <p>
          To the fullest extent permitted by law, betproof and its team are not liable for any gambling losses, or for
          any indirect, incidental or consequential damages arising from your use of the Service. Decisions you make
          about betting are yours alone.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <p>
        The betproof name, wordmark, design and software are owned by betproof and protected by intellectual property
        laws. You keep ownership of the content you add, such as bet descriptions, and give us a licence to store and
        display it to operate the Service, including on your public profile if you choose to have one.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        You may stop using betproof and close your account at any time. We may suspend or close accounts that break
        these terms, misrepresent betting records, or put other members at risk. Sections that by their nature should
        survive termination (such as limitation of liability) continue to apply.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the laws of the State of California, United States, without regard to its
        conflict-of-law rules. Any dispute will be resolved in the state or federal courts located in San Francisco
        County, California, unless the law where you live gives you the right to bring it elsewhere.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Information',
    body: (
      <>
        <p>Questions about these terms? Get in touch:</p>
        <ul>
          {SITE_CONTACT.legalEmail && (
            <li>
              Email: <a href={`mailto:${SITE_CONTACT.legalEmail}`}>{SITE_CONTACT.legalEmail}</a>
            </li>
          )}
          {SITE_CONTACT.supportPhone && <li>Phone: {SITE_CONTACT.supportPhone}</li>}
          {SITE_CONTACT.officeAddress && <li>Post: {SITE_CONTACT.officeAddress.join(', ')}</li>}
          <li>
            Use our <Link to={paths.contact}>contact form</Link>.
          </li>
        </ul>
      </>
    ),
  },
];

export default function TermsPage() {
  usePageMeta(
    'Terms of Use',
    'The terms for using betproof: a bet-tracking tool for adults 18+, not a bookmaker. Eligibility, your responsibilities, responsible gambling helplines, liability and California law.',
  );
  return (
    <LegalDocument
      title="Terms of Use"
      updated="December 2024"
      intro={
        <p>
          Please read these terms carefully. They explain the rules for using betproof and what you can expect from us.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
