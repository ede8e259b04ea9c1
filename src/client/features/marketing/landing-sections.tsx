import { Link } from 'react-router';
import {
  ArrowRight,
  BadgeCheck,
  CalendarCheck,
  CalendarDays,
  ChartColumnIncreasing,
  Clock,
  Eye,
  Hourglass,
  LifeBuoy,
  LockKeyhole,
  MessageCircle,
  ShieldCheck,
  Sparkles,
  Target,
  Trophy,
  Users,
} from 'lucide-react';
import { paths, signUpPath } from '../../../shared/routes.ts';
import {
  DELETE_WINDOW_MINUTES,
  OVERDUE_AFTER_HOURS,
  RANK_MIN_EVENTS,
  RANK_MIN_ODDS,
} from '../../../shared/rule-numbers.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { formatCalendarDate } from '../../lib/calendar-date.ts';
import { SAMPLE_BETS, SAMPLE_FIGURES } from './sample-record.ts';
import { cn } from '../../lib/utils.ts';
import { ExternalLink, IconTile, LearnMoreButton, Section } from './section.tsx';
import { PointGrid } from './point-grid.tsx';
import { HELPLINES } from './site-info.ts';
import { SiteCountsSection } from './site-counts.tsx';
import { UPCOMING_EVENTS, localToday, seasonPhase, type SeasonPhase } from './upcoming-events.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** Opens the in-page demo. */
export interface DemoLauncher {
  /** The demo's address: a link, so a click before the app has taken the page over still opens it. */
  path: string;
  /** `source` names the launcher that was followed, so focus can return to it on the way back. */
  opened: (source: string) => void;
  /** Starts loading the demo's code early (on hover or focus). */
  preload: () => void;
}

const demoLinkProps = (demo: DemoLauncher, source: string) => ({
  to: demo.path,
  'data-demo-launcher': source,
  onClick: () => demo.opened(source),
  onPointerEnter: demo.preload,
  onFocus: demo.preload,
});

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-navy text-navy-foreground">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(52,211,153,0.18),transparent_55%)]"
      />
      <div className="relative mx-auto grid w-full max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.15fr_1fr]">
        <div className="flex flex-col items-start gap-6">
          <Badge className="border-slate-600 bg-navy-soft text-navy-foreground">
            <ShieldCheck aria-hidden="true" />A tracking tool, not a bookmaker
          </Badge>
          <h1
            id="hero-title"
            className="text-4xl font-extrabold tracking-tight text-balance text-white sm:text-5xl xl:text-[3.5rem] xl:leading-[1.1]"
          >
            Track your betting performance with <span className="text-brand">precision</span>
          </h1>
          <p className="max-w-xl text-lg text-navy-muted sm:text-xl">
            Record every bet before the event starts, settle it won, lost or void once it has started, and make informed
            decisions from an honest record that nobody can edit after the fact.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg" className="focus-visible:ring-offset-navy">
              {/* Signed in already, /auth goes straight on to the dashboard. */}
              <Link to={signUpPath}>
                Start Recording Bets
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <LearnMoreButton />
          </div>
          <p className="text-sm text-navy-muted">Free to use · 18+ only · We never take wagers</p>
        </div>
        <SampleRecord />
      </div>
    </section>
  );
}

/** An illustration of a record: a few bets and the figures they add up to. */
function SampleRecord() {
  const figures = SAMPLE_FIGURES;
  return (
    <figure className="rounded-xl border border-slate-700 bg-navy-soft/80 p-5 shadow-2xl sm:p-6">
      <figcaption className="flex items-center justify-between gap-3">
        <span className="text-sm font-semibold text-white">Example record</span>
        <Badge className="border-emerald-800 bg-emerald-950 text-brand">
          <BadgeCheck aria-hidden="true" />
          Verified Bettor
        </Badge>
      </figcaption>
      <dl className="mt-5 grid grid-cols-3 gap-3 text-center">
        {[
          ['Win rate', figures.winRate],
          ['Bets', figures.bets],
          ['Profit', figures.profit],
        ].map(([label, value]) => (
          <div key={label} className="min-w-0 rounded-lg bg-navy px-2 py-3 sm:px-3">
            <dt className="text-xs text-navy-muted">{label}</dt>
            <dd className="mt-1 text-base font-bold text-white tabular-nums sm:text-lg">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-5 flex flex-col divide-y divide-slate-700">
        {SAMPLE_BETS.map((row) => (
          <li key={row.pick} className="flex items-center justify-between gap-3 py-3 text-sm">
            <span className="min-w-0">
              <span className="block truncate text-navy-foreground">{row.pick}</span>
              <span className="text-xs text-navy-muted">Odds {row.odds}</span>
            </span>
            <span className="flex shrink-0 flex-col items-end">
              <span className={cn('font-semibold', row.result === 'won' ? 'text-brand' : 'text-red-300')}>
                {row.profit}
              </span>
              <span className="text-xs text-navy-muted">
                {row.result === 'won' ? 'Won' : 'Lost'} · {row.stake} staked
              </span>
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

const phaseBadge: Record<SeasonPhase, { label: string; variant: 'success' | 'warning' | 'secondary' }> = {
  'in-season': { label: 'In season', variant: 'success' },
  upcoming: { label: 'Upcoming', variant: 'warning' },
  ended: { label: 'Season ended', variant: 'secondary' },
};

/** The day the build made the page (vite.config.ts): its HTML shows the seasons as of then. */
const BUILD_DAY: string | undefined = import.meta.env.BUILD_DAY;

export function UpcomingEvents() {
  // As the HTML has them until hydrated (no mismatch), then as of the visitor's own today.
  const hydrated = useHydrated();
  const today = hydrated || !BUILD_DAY ? localToday() : BUILD_DAY;
  return (
    <Section
      id="events"
      eyebrow="On the calendar"
      title="Upcoming Sport Events"
      lead="The seasons our community is tracking. Record your picks at least 6 hours before kick-off or tip-off, and your record shows exactly what you called."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {UPCOMING_EVENTS.map((event) => {
          const phase = phaseBadge[seasonPhase(event, today)];
          return (
            <li key={event.id}>
              <Card className="flex h-full flex-col gap-4 p-5" data-testid="event-card">
                <div className="flex items-start justify-between gap-3">
                  <div className="flex flex-col gap-1">
                    <h3 className="text-lg font-semibold tracking-tight">{event.league}</h3>
                    <p className="text-sm text-muted-foreground">
                      {event.sport} · {event.season} season
                    </p>
                  </div>
                  <Badge variant={phase.variant}>{phase.label}</Badge>
                </div>
                <p className="text-sm text-muted-foreground">{event.highlight}</p>
                <dl className="mt-auto grid grid-cols-3 gap-2 border-t border-border pt-4 text-sm">
                  <div>
                    <dt className="text-xs text-muted-foreground">Starts</dt>
                    <dd className="font-medium">
                      <time dateTime={event.startDate}>{formatCalendarDate(event.startDate)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">Ends</dt>
                    <dd className="font-medium">
                      <time dateTime={event.endDate}>{formatCalendarDate(event.endDate)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">Teams</dt>
                    <dd className="font-medium">{event.teams} teams</dd>
                  </div>
                </dl>
              </Card>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-col items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-emerald-950">
          <CalendarDays className="mr-2 inline size-5 align-text-bottom" aria-hidden="true" />
          Have a pick for one of these? Put it on your record before the game starts.
        </p>
        <Button asChild>
          <Link to={signUpPath}>
            Get Started for Free
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </Section>
  );
}

export function InfluencerSection({ demo }: { demo: DemoLauncher }) {
  const points = [
    {
      icon: <BadgeCheck />,
      title: 'A verified public record',
      text: `Every pick is recorded at least 6 hours before the event. A bet can be deleted only in the ${DELETE_WINDOW_MINUTES} minutes after it is recorded and before its event starts, every deletion stays public, and a settled bet is final: no deleting the losers, no backdating the winners.`,
    },
    {
      icon: <Eye />,
      title: 'Followers see the real numbers',
      text: 'Share one link to your profile: win rate, profit and every settled bet, in the open.',
    },
    {
      icon: <Trophy />,
      title: 'Stand out from the touts',
      text: 'Verified Bettor badges and the Bettor Spotlight reward consistency, not loud screenshots.',
    },
  ];
  return (
    <Section
      id="influencers"
      tone="dark"
      eyebrow="For betting influencers"
      title="Your followers deserve proof, not promises"
      lead="Anyone can post a winning slip. betproof shows the whole record, so the audience you build trusts the picks you share."
    >
      <ul className="grid gap-4 md:grid-cols-3">
        {points.map((point) => (
          <li key={point.title} className="flex flex-col gap-3 rounded-lg border border-slate-700 bg-navy-soft p-5">
            <IconTile className="bg-emerald-950 text-brand">{point.icon}</IconTile>
            <h3 className="font-semibold text-white">{point.title}</h3>
            <p className="text-sm text-navy-muted">{point.text}</p>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button asChild size="lg" className="focus-visible:ring-offset-navy">
          <Link {...demoLinkProps(demo, 'influencer')}>
            <Sparkles aria-hidden="true" />
            Try the Influencer Demo
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline-dark">
          <Link to={paths.influencers}>Browse Influencers</Link>
        </Button>
      </div>
    </Section>
  );
}

export function CommunitySection({ demo }: { demo: DemoLauncher }) {
  const steps = [
    { title: 'Record your first bet', text: 'Any sport, any stake, at least 6 hours before the event starts.' },
    { title: 'Unlock the community', text: 'Your first recorded bet earns free access to our members-only chat.' },
    { title: 'Learn from real records', text: 'Talk strategy with bettors whose results you can actually check.' },
  ];
  return (
    <Section
      id="community"
      eyebrow="Community"
      title="Free community access after your first recorded bet"
      lead="Record one bet and you're in: a members-only group chat on our messaging channel where bettors swap research, bankroll tips and honest post-mortems."
    >
      <div className="grid items-start gap-8 lg:grid-cols-[1.2fr_1fr]">
        <ol className="flex flex-col gap-4">
          {steps.map((step, i) => (
            <li key={step.title} className="flex gap-4 rounded-lg border border-border bg-card p-5 shadow-sm">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {i + 1}
              </span>
              <div className="flex flex-col gap-1">
                <h3 className="font-semibold">{step.title}</h3>
                <p className="text-sm text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <Card className="flex flex-col gap-4 p-6">
          <IconTile>
            <MessageCircle />
          </IconTile>
          <h3 className="text-lg font-semibold">See how it works first</h3>
          <p className="text-sm text-muted-foreground">
            Record a practice bet in the demo, settle a sample bet whose event has started and watch your statistics
            update. No account, nothing saved.
          </p>
          <Button asChild size="lg">
            <Link {...demoLinkProps(demo, 'community')}>
              <Users aria-hidden="true" />
              Try the Community Demo
            </Link>
          </Button>
        </Card>
      </div>
    </Section>
  );
}

export function FeaturesSection() {
  const features = [
    {
      icon: <Clock />,
      title: 'The 6-hour rule',
      text: 'Bets are accepted only for events starting at least 6 hours from now, so every record is made in advance.',
    },
    {
      icon: <ChartColumnIncreasing />,
      title: 'Statistics that tell skill from luck',
      text: `Win rate, profit, ROI with its likely range, level-stakes yield, drawdown and the chance a break-even bettor would do as well, updated the moment a bet is settled. The rankings use the luck-adjusted yield of graded picks at level stakes, with picks on at least ${RANK_MIN_EVENTS} different events priced ${RANK_MIN_ODDS.toFixed(2)} or more, so one big stake, a lucky week or a pick entered many times cannot buy a place.`,
    },
    {
      icon: <CalendarCheck />,
      title: 'Settled after the start, then final',
      text: `A bet is settled won, lost or void / push (a cancelled event or a push: the stake comes back, and no rate counts it) only after its event starts, and a settled bet is final. In the ${DELETE_WINDOW_MINUTES} minutes after recording a bet, and before its event starts, you can delete it to correct a mistake; after that it is part of your record and can't be deleted. Every profile shows its graded, self-reported, void and deleted bets, and lists the deleted ones under “Deleted before the start”.`,
    },
    {
      icon: <Hourglass />,
      title: 'Nothing left hanging',
      text: `A self-reported bet, or a parlay leg, still pending ${OVERDUE_AFTER_HOURS} hours after its own start is shown as overdue on your profile, and keeps you out of the Spotlight and the influencer ranking until you settle it. A graded bet is settled from the result and is never overdue.`,
    },
    {
      icon: <ShieldCheck />,
      title: 'Verify it yourself',
      text: 'Every change to a record is added to a public, hash-chained ledger. Followers can download it and check with one command that nothing was changed or removed.',
    },
    {
      icon: <Target />,
      title: 'Every odds format',
      text: 'Type American (+150), decimal (2.50) or fractional (5/2) odds; the potential win is worked out for you.',
    },
    {
      icon: <BadgeCheck />,
      title: 'Verified bettors',
      text: 'Our team reviews records and awards the Verified Bettor badge to accounts that earn it.',
    },
    {
      icon: <LockKeyhole />,
      title: 'Private when you want',
      text: 'Make your profile private at any time and your statistics disappear from public view.',
    },
    {
      icon: <LifeBuoy />,
      title: 'Built for responsible play',
      text: 'Honest numbers are the best reality check. Helplines are one click away on every page.',
    },
  ];
  return (
    <Section
      id="features"
      tone="muted"
      eyebrow="Features"
      title="Everything you need to know where you stand"
      lead="betproof does one job well: it keeps an accurate history of your bets that can't be rewritten after the fact, and that anyone can check."
    >
      <PointGrid points={features} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" />
    </Section>
  );
}

export function StatisticsSection() {
  return <SiteCountsSection eyebrow="By the numbers" title="Counted by the database, not by us" />;
}

export function ClosingCta({ demo }: { demo: DemoLauncher }) {
  return (
    <Section
      id="get-started"
      tone="dark"
      align="center"
      title="Ready to see your real numbers?"
      lead="No signup required: try the demo right now and record your first practice bet in under a minute. Create a free account when you want to keep your record."
    >
      <div className="flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Button asChild size="lg" className="focus-visible:ring-offset-navy">
          <Link {...demoLinkProps(demo, 'closing')}>
            Try the Demo, No Signup
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline-dark">
          <Link to={signUpPath}>Create Free Account</Link>
        </Button>
      </div>
    </Section>
  );
}

export function ResponsibleGambling() {
  return (
    <section aria-labelledby="responsible-title" className="border-t border-amber-200 bg-amber-50 py-10 text-amber-950">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 sm:px-6">
        <div className="flex flex-col gap-2">
          <h2 id="responsible-title" className="flex items-center gap-2 text-xl font-bold">
            <LifeBuoy className="size-5" aria-hidden="true" />
            Gamble responsibly
          </h2>
          <p className="max-w-3xl text-sm">
            betproof is a tracking tool for adults aged 18 and over; we do not take bets. Only stake what you can afford
            to lose, set limits before you play, and take a break if betting stops being fun. If gambling is causing
            problems for you or someone close to you, free and confidential help is available:
          </p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {HELPLINES.map((line) => (
            <li key={line.name} className="rounded-md border border-amber-200 bg-white p-4 text-sm">
              <p className="font-semibold">{line.name}</p>
              {line.href.startsWith('tel:') ? (
                <a href={line.href} className="font-medium text-amber-900 underline underline-offset-2">
                  {line.contact}
                </a>
              ) : (
                <ExternalLink href={line.href} className="font-medium text-amber-900 underline underline-offset-2">
                  {line.contact}
                </ExternalLink>
              )}
              <p className="text-amber-900">{line.note}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
