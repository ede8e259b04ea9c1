import type { ReactNode } from 'react';
import {
  Camera,
  CircleCheck,
  CircleX,
  ExternalLink as ExternalIcon,
  Mail,
  Music2,
  Send,
  Tv,
  type LucideIcon,
} from 'lucide-react';
import { buttonVariants } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { NewsletterForm } from '../features/inbox/newsletter-form.tsx';
import { PageHero } from '../features/marketing/page-hero.tsx';
import { ExternalLink, Section } from '../features/marketing/section.tsx';
import { SITE_CONTACT } from '../features/marketing/site-contact.ts';
import { SiteCountsSection } from '../features/marketing/site-counts.tsx';
import { formatWholeNumber } from '../../shared/number-format.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { cn } from '../lib/utils.ts';

/** The X logo (a letterform, so it is drawn rather than taken from the icon set). */
function XLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-current">
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
    </svg>
  );
}

interface Platform {
  name: string;
  /** Where the operator set this platform's link and, if they state it, its follower count. */
  link: 'socialX' | 'socialInstagram' | 'socialTelegram' | 'socialTwitch' | 'socialTiktok';
  followers:
    | 'socialXFollowers'
    | 'socialInstagramFollowers'
    | 'socialTelegramFollowers'
    | 'socialTwitchFollowers'
    | 'socialTiktokFollowers';
  /** What the platform calls its followers. */
  audience: string;
  text: string;
  icon: ReactNode;
  tile: string;
}

/** The platforms betproof may be on; each is listed only when the deployment sets its link. */
const PLATFORMS: readonly Platform[] = [
  {
    name: 'X',
    link: 'socialX',
    followers: 'socialXFollowers',
    audience: 'followers',
    text: 'Results threads and product news.',
    icon: <XLogo />,
    tile: 'bg-black text-white',
  },
  {
    name: 'Instagram',
    link: 'socialInstagram',
    followers: 'socialInstagramFollowers',
    audience: 'followers',
    text: 'Record breakdowns and community highlights.',
    icon: <Camera />,
    tile: 'bg-gradient-to-br from-amber-500 via-pink-600 to-purple-700 text-white',
  },
  {
    name: 'Telegram',
    link: 'socialTelegram',
    followers: 'socialTelegramFollowers',
    audience: 'members',
    text: 'Our community channel: discussion and members-only chats.',
    icon: <Send />,
    tile: 'bg-sky-600 text-white',
  },
  {
    name: 'Twitch',
    link: 'socialTwitch',
    followers: 'socialTwitchFollowers',
    audience: 'followers',
    text: 'Live game-day streams where we track picks in real time.',
    icon: <Tv />,
    tile: 'bg-violet-700 text-white',
  },
  {
    name: 'TikTok',
    link: 'socialTiktok',
    followers: 'socialTiktokFollowers',
    audience: 'followers',
    text: 'Quick bankroll tips and odds explainers.',
    icon: <Music2 />,
    tile: 'bg-slate-900 text-white',
  },
];

/** 'x.com/betproof' for https://x.com/betproof: what the link shows. */
const handleOf = (url: string) => {
  const u = new URL(url);
  return `${u.host.replace(/^www\./, '')}${u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '')}`;
};

const ENCOURAGED = [
  'Sharing responsible betting strategies',
  'Posting honest wins and losses',
  'Supporting fellow members',
  'Giving constructive feedback',
] as const;

const NOT_ALLOWED = [
  'Promoting irresponsible gambling',
  'Sharing false betting records',
  'Harassment or abuse of any kind',
  'Spam, scams and unsolicited promotion',
] as const;

export default function FollowPage() {
  usePageMeta(
    'Follow Us',
    'Follow betproof, subscribe to our newsletter, and read the community guidelines that keep our spaces honest.',
  );
  const configured = PLATFORMS.flatMap((platform) => {
    const href = SITE_CONTACT[platform.link];
    return href ? [{ platform, href, followers: SITE_CONTACT[platform.followers] }] : [];
  });
  return (
    <>
      <PageHero eyebrow="Follow us" title="Follow betproof" lead="Honest results and a community that keeps score." />

      {configured.length > 0 && (
        <Section eyebrow="Social" title="Join us on social media">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {configured.map(({ platform, href, followers }) => (
              <li key={platform.name}>
                <Card className="flex h-full flex-col gap-4 p-5" data-testid="platform-card">
                  <div className="flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className={cn(
                        'flex size-11 shrink-0 items-center justify-center rounded-lg [&_svg]:size-5',
                        platform.tile,
                      )}
                    >
                      {platform.icon}
                    </span>
                    <div className="flex min-w-0 flex-col">
                      <h3 className="font-semibold">{platform.name}</h3>
                      <p className="truncate text-sm text-muted-foreground">{handleOf(href)}</p>
                    </div>
                  </div>
                  <p className="text-sm text-muted-foreground">{platform.text}</p>
                  <div className="mt-auto flex items-center justify-between gap-3">
                    <span className="text-sm font-medium">
                      {followers !== undefined && `${formatWholeNumber(followers)} ${platform.audience}`}
                    </span>
                    <ExternalLink
                      href={href}
                      aria-label={`Follow betproof on ${platform.name} (opens in a new tab)`}
                      className={buttonVariants({ size: 'sm' })}
                    >
                      Follow
                      <ExternalIcon aria-hidden="true" />
                    </ExternalLink>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <SiteCountsSection tone="dark" eyebrow="Community" title="Our community, counted" />

      <Section
        eyebrow="Newsletter"
        title="Get the weekly betproof newsletter"
        lead="The week's top verified records, bankroll tips and product news, every Monday. No spam; unsubscribe with one click."
      >
        <Card className="flex max-w-2xl flex-col gap-4 p-6">
          <div className="flex items-center gap-3">
            <Mail className="size-5 text-primary" aria-hidden="true" />
            <p className="font-medium">Subscribe with your email</p>
          </div>
          <NewsletterForm />
        </Card>
      </Section>

      <Section
        tone="muted"
        eyebrow="Guidelines"
        title="Community guidelines"
        lead="Our spaces work because members are honest and respectful. These rules apply on every platform where betproof has a presence."
      >
        <div className="grid gap-4 md:grid-cols-2">
          <GuidelineList
            title="Encouraged"
            items={ENCOURAGED}
            Icon={CircleCheck}
            titleClassName="text-emerald-800"
            iconClassName="text-primary"
          />
          <GuidelineList
            title="Not allowed"
            items={NOT_ALLOWED}
            Icon={CircleX}
            titleClassName="text-red-800"
            iconClassName="text-destructive"
          />
        </div>
      </Section>
    </>
  );
}

/** One side of the community guidelines: a titled list, each item marked with the title's icon. */
function GuidelineList({
  title,
  items,
  Icon,
  titleClassName,
  iconClassName,
}: {
  title: string;
  items: readonly string[];
  Icon: LucideIcon;
  titleClassName: string;
  iconClassName: string;
}) {
  return (
    <Card className="flex flex-col gap-4 p-6">
      <h3 className={cn('flex items-center gap-2 text-lg font-semibold', titleClassName)}>
        <Icon className="size-5" aria-hidden="true" />
        {title}
      </h3>
      <ul className="flex flex-col gap-2 text-sm">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <Icon className={cn('mt-0.5 size-4 shrink-0', iconClassName)} aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </Card>
  );
}
