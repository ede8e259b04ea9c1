import { AtSign, Camera, Globe, MonitorPlay, type LucideIcon } from 'lucide-react';
import type { SocialLinks as SocialLinksValue } from '../../../shared/profile-schemas.ts';
import { socialLabel, socialUrl, type SocialNetwork } from './format.ts';

const NETWORKS: { key: SocialNetwork; name: string; icon: LucideIcon }[] = [
  { key: 'twitter', name: 'Twitter', icon: AtSign },
  { key: 'instagram', name: 'Instagram', icon: Camera },
  { key: 'youtube', name: 'YouTube', icon: MonitorPlay },
  { key: 'website', name: 'Website', icon: Globe },
];

/** The profile's social links, each opening in a new tab; nothing when none is set. */
export function SocialLinks({ social }: { social: SocialLinksValue }) {
  const links = NETWORKS.filter((n) => social[n.key].trim() !== '');
  if (links.length === 0) return null;
  return (
    <ul aria-label="Social links" className="flex flex-wrap gap-2">
      {links.map(({ key, name, icon: Icon }) => (
        <li key={key}>
          <a
            href={socialUrl(key, social[key])}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${name}: ${socialLabel(key, social[key])} (opens in a new tab)`}
            className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-border bg-card px-3 py-1 text-sm text-foreground transition-colors hover:bg-accent"
          >
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate">{socialLabel(key, social[key])}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
