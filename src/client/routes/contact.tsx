import type { ReactNode } from 'react';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { ContactForm } from '../features/inbox/contact-form.tsx';
import { PageHero } from '../features/marketing/page-hero.tsx';
import { IconTile, Section } from '../features/marketing/section.tsx';
import { SITE_CONTACT, telHref } from '../features/marketing/site-contact.ts';
import { SUPPORT_HOURS } from '../features/marketing/site-info.ts';
import { cn } from '../lib/utils.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

const FAQ = [
  {
    question: 'How do I reset my password?',
    answer:
      "Go to the sign-in page and choose 'Forgot Password' under Sign In. Enter the email of your account and we'll send you a link to choose a new password. The link works for one hour.",
  },
  {
    question: 'Is my data secure?',
    answer:
      'Yes. Your data is encrypted on its way to us over HTTPS, your password is never stored (only a salted one-way hash of it), and you decide whether your profile and statistics are public or private.',
  },
  {
    question: 'Can I export my betting history?',
    answer:
      'Yes. Open your profile and use the CSV export to download every bet you have recorded, ready for a spreadsheet or your own analysis.',
  },
  {
    question: 'Can I delete or change a bet?',
    answer:
      "You can delete a bet only in the 15 minutes after you record it and before its event starts, to correct a mistake. After that the bet is part of your record and can't be deleted, and every deletion stays public: your profile counts it and lists it under “Deleted before the start”. Bets are settled won, lost or void / push (a cancelled event or a push, which returns the stake) only after the event starts, and a settled bet is final: it can't be changed. A self-reported bet, or a parlay leg, still pending 72 hours after its own start is overdue, and your profile is shown as overdue until you settle it; a graded bet is settled from the result and is never overdue.",
  },
  {
    question: 'Can followers check that a record was not edited?',
    answer:
      "Yes. Every bet recorded, settled or deleted before its event is added to the profile's public ledger, where each entry carries the hash of the one before. The 'Verify this record' section of a public profile explains how to download the ledger and check it with one command.",
  },
] as const;

const { supportEmail, supportPhone, officeAddress } = SITE_CONTACT;
/** The details the operator configured (shared/site-contact.ts); with none, the form is the way. */
const hasOtherWays = Boolean(supportEmail || supportPhone || officeAddress);

export default function ContactPage() {
  usePageMeta(
    'Contact Us',
    'Contact betproof support: send us a message and find answers to common questions. We reply within 24 hours.',
  );
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Contact Us"
        lead="Questions about your record, feedback on a feature, or a problem to report? Send us a message and a real person will get back to you within 24 hours."
      />
      <div
        className={cn(
          'mx-auto grid w-full max-w-6xl items-start gap-6 px-4 py-12 sm:px-6 sm:py-16',
          hasOtherWays ? 'lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : 'max-w-3xl',
        )}
      >
        <Card>
          <CardHeader>
            <CardTitle as="h2">Send us a message</CardTitle>
            <CardDescription>Tell us what you need and we will reply by email.</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
        {hasOtherWays && <OtherWaysToReachUs />}
      </div>
      <Section tone="muted" eyebrow="FAQ" title="Frequently asked questions">
        <dl className="grid gap-4 md:grid-cols-3">
          {FAQ.map((item) => (
            <Card key={item.question} className="flex flex-col gap-2 p-5">
              <dt className="font-semibold">{item.question}</dt>
              <dd className="text-sm text-muted-foreground">{item.answer}</dd>
            </Card>
          ))}
        </dl>
      </Section>
    </>
  );
}

function OtherWaysToReachUs() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Other ways to reach us</CardTitle>
        <CardDescription>Our support team works across US time zones.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-5">
          {supportEmail && (
            <ContactItem icon={<Mail />} label="Email">
              <a href={`mailto:${supportEmail}`} className="break-all text-primary underline underline-offset-2">
                {supportEmail}
              </a>
            </ContactItem>
          )}
          {supportPhone && (
            <ContactItem icon={<Phone />} label="Phone">
              <a href={telHref(supportPhone)} className="text-primary underline underline-offset-2">
                {supportPhone}
              </a>
            </ContactItem>
          )}
          {(supportEmail || supportPhone) && (
            <ContactItem icon={<Clock />} label="Support hours">
              {SUPPORT_HOURS}
            </ContactItem>
          )}
          {officeAddress && (
            <ContactItem icon={<MapPin />} label="Office">
              <address className="not-italic">
                {officeAddress.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </ContactItem>
          )}
        </ul>
      </CardContent>
    </Card>
  );
}

function ContactItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <IconTile>{icon}</IconTile>
      <div className="flex min-w-0 flex-col gap-0.5 text-sm">
        <span className="font-semibold text-foreground">{label}</span>
        <span className="text-muted-foreground">{children}</span>
      </div>
    </li>
  );
}
