import { Check, Megaphone, Newspaper, ShieldCheck, Target, TrendingUp, Users } from 'lucide-react';
import { Badge } from '../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { AdvertiseForm } from '../features/inbox/advertise-form.tsx';
import { PageHero } from '../features/marketing/page-hero.tsx';
import { PointGrid } from '../features/marketing/point-grid.tsx';
import { IconTile, Section } from '../features/marketing/section.tsx';
import { SiteCountsSection } from '../features/marketing/site-counts.tsx';
import { SITE_CONTACT } from '../features/marketing/site-contact.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

const PACKAGES = [
  {
    icon: <Megaphone />,
    name: 'Banner Advertising',
    price: '$500-2K/month',
    text: 'Display placements on the landing page, public profiles and the Bettor Spotlight.',
    perks: ['Desktop and mobile sizes', 'Sport and region targeting', 'Monthly impressions report'],
  },
  {
    icon: <Newspaper />,
    name: 'Sponsored Content',
    price: '$1K-5K/month',
    text: 'Articles, guides and newsletter features written with our editorial team and clearly labelled.',
    perks: ['Newsletter feature', 'Social media amplification', 'Engagement and click reporting'],
    featured: true,
  },
  {
    icon: <Users />,
    name: 'Community Partnership',
    price: '$3K-10K/month',
    text: 'A long-term presence in our community: sponsored challenges, events and co-branded tools.',
    perks: ['Sponsored community challenges', 'Dedicated partnership manager', 'Quarterly strategy reviews'],
  },
] as const;

const AUDIENCE = [
  {
    icon: <Target />,
    title: 'Engaged, data-minded bettors',
    text: 'Our members track every stake and result. They compare odds, read analysis and value tools that make them sharper.',
  },
  {
    icon: <TrendingUp />,
    title: 'Influencers and their followers',
    text: 'Verified tipsters bring their audiences to betproof to see the proof behind the picks.',
  },
  {
    icon: <ShieldCheck />,
    title: 'Adults only, responsibly',
    text: 'Every member is 18+. We accept only licensed operators and brands that follow responsible-gambling codes, and never target anyone under 18 or self-excluded.',
  },
] as const;

export default function AdvertisePage() {
  usePageMeta(
    'Advertise',
    'Advertise with betproof: reach engaged, adult sports bettors with banner advertising, sponsored content or a community partnership. Send us an inquiry and we reply within 24 hours.',
  );
  return (
    <>
      <PageHero
        eyebrow="Advertise"
        title="Advertise with betproof"
        lead="Put your brand in front of sports bettors who track every decision they make, in a place built on trust."
      />

      <SiteCountsSection eyebrow="Our reach" title="An audience that keeps score" />

      <Section
        tone="muted"
        eyebrow="Packages"
        title="Advertising packages"
        lead="Three ways to work with us. Every package can be tailored to your goals and budget."
      >
        <ul className="grid gap-4 lg:grid-cols-3">
          {PACKAGES.map((pkg) => (
            <li key={pkg.name}>
              <Card
                className={
                  'featured' in pkg
                    ? 'relative flex h-full flex-col gap-4 border-primary p-6 ring-1 ring-primary'
                    : 'flex h-full flex-col gap-4 p-6'
                }
              >
                <div className="flex items-start justify-between gap-3">
                  <IconTile>{pkg.icon}</IconTile>
                  {'featured' in pkg && <Badge>Most popular</Badge>}
                </div>
                <div className="flex flex-col gap-1">
                  <h3 className="text-lg font-semibold">{pkg.name}</h3>
                  <p className="text-2xl font-extrabold tracking-tight text-primary">{pkg.price}</p>
                </div>
                <p className="text-sm text-muted-foreground">{pkg.text}</p>
                <ul className="mt-auto flex flex-col gap-2 text-sm">
                  {pkg.perks.map((perk) => (
                    <li key={perk} className="flex items-center gap-2">
                      <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />
                      {perk}
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section eyebrow="Audience" title="Who you will reach">
        <PointGrid points={AUDIENCE} className="grid gap-4 md:grid-cols-3" plain />
      </Section>

      <Section tone="muted" eyebrow="Get in touch" title="Start the conversation">
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Card>
            <CardHeader>
              <CardTitle as="h3">Advertising inquiry</CardTitle>
              <CardDescription>Tell us about your brand and we will put together a proposal.</CardDescription>
            </CardHeader>
            <CardContent>
              <AdvertiseForm />
            </CardContent>
          </Card>
          <div className="flex flex-col gap-3 text-sm text-muted-foreground">
            <h3 className="text-base font-semibold text-foreground">What happens next</h3>
            <ol className="flex list-decimal flex-col gap-2 pl-5">
              <li>We reply within 24 hours to discuss your goals.</li>
              <li>We send a proposal with placements, dates and pricing.</li>
              <li>Your campaign goes live after a quick compliance review.</li>
            </ol>
            {SITE_CONTACT.advertisingEmail && (
              <p>
                Prefer email? Write to{' '}
                <a
                  href={`mailto:${SITE_CONTACT.advertisingEmail}`}
                  className="text-primary underline underline-offset-2"
                >
                  {SITE_CONTACT.advertisingEmail}
                </a>
                .
              </p>
            )}
          </div>
        </div>
      </Section>
    </>
  );
}
