import type { SocialLinks } from '../../../shared/profile-schemas.ts';
import { siteOrigin } from '../../lib/site-origin.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * How long before its event a bet was recorded, in the two largest units:
 * '2 days 4 h', '1 day', '23 h 59 min', '45 min'. Negative or zero lead times read '0 min'.
 */
export function formatLeadTime(createdAt: string, eventDate: string): string {
  const totalMinutes = Math.max(0, Math.floor((Date.parse(eventDate) - Date.parse(createdAt)) / 60_000));
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  if (days > 0) return hours > 0 ? `${plural(days, 'day', 'days')} ${hours} h` : plural(days, 'day', 'days');
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}

/** The name a profile goes by: its display name, else its username. */
export const profileName = (profile: { displayName: string | null; username: string }) =>
  profile.displayName?.trim() || profile.username;

/** The avatar's letter. */
export const profileInitial = (profile: { displayName: string | null; username: string }) =>
  (Array.from(profileName(profile))[0] ?? '?').toUpperCase();

const isUrl = (value: string) => /^https?:\/\//i.test(value);

export type SocialNetwork = keyof SocialLinks;

/** Where a saved social value leads: a handle becomes the network's profile URL; full URLs stay as they are. */
export function socialUrl(network: SocialNetwork, value: string): string {
  const v = value.trim();
  if (network === 'website' || isUrl(v)) return v;
  const handle = encodeURIComponent(v.replace(/^@/, ''));
  switch (network) {
    case 'twitter':
      return `https://x.com/${handle}`;
    case 'instagram':
      return `https://instagram.com/${handle}`;
    case 'youtube':
      return `https://youtube.com/@${handle}`;
  }
}

/** What a link shows: '@handle' for handles, the host and path for URLs. */
export function socialLabel(network: SocialNetwork, value: string): string {
  const v = value.trim();
  if (!isUrl(v)) return `@${v.replace(/^@/, '')}`;
  try {
    const url = new URL(v);
    const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
    return `${url.host.replace(/^www\./, '')}${path}`;
  } catch {
    return network === 'website' ? v : `@${v}`;
  }
}

/** The public URL of a profile on this site, as Share Profile copies it. */
export const shareUrl = (username: string) => `${siteOrigin()}/${username}`;
