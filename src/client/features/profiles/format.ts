import type { SocialLinks } from '../../../shared/profile-schemas.ts';
import { siteOrigin } from '../../lib/site-origin.ts';

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
