import { Link } from 'react-router';
import { ArrowRight, Eye, HeartHandshake, Lightbulb, Users } from 'lucide-react';
import { paths, signUpPath } from '../../shared/routes.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageHero } from '../features/marketing/page-hero.tsx';
import { PointGrid } from '../features/marketing/point-grid.tsx';
import { Section } from '../features/marketing/section.tsx';
import { SiteCountsSection } from '../features/marketing/site-counts.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';

const VALUES = [
  {
    icon: <Eye />,
    title: 'Transparency',
    text: 'A record is only worth something if it is complete. Bets are locked in before the event and every result counts, the losses included.',
  },
  {
    icon: <HeartHandshake />,
    title: 'Responsibility',
    text: 'We take no wagers and never will. Honest numbers help people bet less impulsively, and help is always one click away.',
  },
  {
    icon: <Users />,
    title: 'Community',
    text: 'Bettors learn fastest from each other. We build spaces where real records, not bold claims, earn respect.',
  },
  {
    icon: <Lightbulb />,
    title: 'Innovation',
    text: 'From exact odds maths to verified profiles, we keep finding better ways to turn a betting history into insight.',
  },
] as const;

const TEAM = [
  {
    name: 'Alex Morgan',
    role: 'Co-founder & CEO',
    bio: 'Spent a decade in sports analytics and got tired of tipsters who only remembered their wins.',
  },
  {
    name: 'Priya Shah',
    role: 'Co-founder & CTO',
    bio: 'Builds the systems that keep every record honest, from the 6-hour rule and the public ledger to exact payout maths.',
  },
  {
    name: 'Jamal Carter',
    role: 'Head of Community & Responsible Gambling',
    bio: 'A former support counsellor who makes sure our community stays welcoming, honest and safe.',
  },
] as const;

export default function AboutPage() {
  usePageMeta(
    'About Us',
    'Why we built betproof: an honest record of every bet that anyone can verify. Our mission, our values (transparency, responsibility, community, innovation) and the team behind it.',
  );
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="About betproof"
        lead="We started betproof because the betting world runs on selective memory: screenshots of winning slips, quiet silence about the losers. We think bettors deserve better."
      />

      <Section
        eyebrow="Our mission"
        title="Make every betting record honest"
        lead="betproof gives every bettor, from the weekend punter to the influencer with a large following, a simple way to track performance with precision and make informed decisions."
      >
        <div className="grid gap-6 text-muted-foreground md:grid-cols-2">
          <p>
            A bet on betproof is recorded at least six hours before its event starts and settled once the event has
            started. It can be deleted only in the 15 minutes after it is recorded and before the start, every deletion
            stays public, a settled bet is final, and a self-reported bet left pending 72 hours after its start is shown
            as overdue (a bet on a listed event is settled from its result). Nothing can be backdated, and a loss counts
            exactly as much as a win. The result is a record you can trust yourself, and one you can show to anyone.
          </p>
          <p>
            We are a tracking tool, not a bookmaker: we never take wagers and we are not paid when you lose. That
            independence lets us focus on one thing, giving you the clearest possible picture of where you stand.
          </p>
        </div>
      </Section>

      <Section tone="muted" eyebrow="Our values" title="What we stand for">
        <PointGrid points={VALUES} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" />
      </Section>

      <Section eyebrow="Our team" title="The people behind betproof">
        <ul className="grid gap-4 md:grid-cols-3">
          {TEAM.map((member) => (
            <li key={member.name}>
              <Card className="flex h-full flex-col items-center gap-3 p-6 text-center">
                <span
                  aria-hidden="true"
                  className="flex size-16 items-center justify-center rounded-full bg-navy text-xl font-bold text-white"
                >
                  {member.name
                    .split(' ')
                    .map((part) => part.charAt(0))
                    .join('')}
                </span>
                <h3 className="text-lg font-semibold">{member.name}</h3>
                <p className="text-sm font-medium text-primary">{member.role}</p>
                <p className="text-sm text-muted-foreground">{member.bio}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <SiteCountsSection tone="dark" eyebrow="By the numbers" title="Growing with every honest record" />

      <Section
        align="center"
        title="Join us"
        lead="Start your own honest record today, or tell us what you would like betproof to do next."
      >
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={signUpPath}>
              Get Started
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.contact}>Contact Us</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
