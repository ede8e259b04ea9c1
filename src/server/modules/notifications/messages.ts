/**
 * The words of a notification: the email per pick, the daily digest, and the push message. Each
 * email carries RFC 8058's one-click unsubscribe (List-Unsubscribe with an https URL, and
 * List-Unsubscribe-Post), and the same link in its text for a person to open.
 */
import type { Mail } from '../../lib/mail.ts';
import { formatDuration } from '../../../shared/time-units.ts';
import { publicProfilePath } from '../../../shared/routes.ts';
import type { PushMessage } from './push.ts';

/** A pick as the notification tells it. */
export interface PickNews {
  betId: string;
  username: string;
  displayName: string | null;
  description: string;
  odds: string;
  eventDate: Date;
  recordedAt: Date;
}

const who = (p: PickNews) => (p.displayName ? `${p.displayName} (@${p.username})` : `@${p.username}`);

/** Where a click goes: the bettor's public profile, which lists the pick with its seal. */
export const pickUrl = (baseUrl: string, p: PickNews) => `${baseUrl}${publicProfilePath(p.username)}`;

/** The start in the follower's own zone, e.g. "Mar 14, 2027, 7:30 PM (Europe/London)". */
export function startText(at: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
  return `${text.replace(/\u202f/g, ' ')} (${timeZone})`;
}

const pickLines = (p: PickNews, timeZone: string) => [
  `${p.description} at ${p.odds}`,
  `Starts ${startText(p.eventDate, timeZone)}, recorded ${formatDuration(p.eventDate.getTime() - p.recordedAt.getTime())} before the start.`,
];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function withUnsubscribe(
  to: string,
  subject: string,
  blocks: { lines: string[]; link?: string }[],
  why: string,
  unsubscribeUrl: string,
): Mail {
  const text = [
    ...blocks.map((b) => [...b.lines, ...(b.link ? [b.link] : [])].join('\n')),
    `${why} Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">${blocks
    .map(
      (b) =>
        `<p>${b.lines.map(escapeHtml).join('<br>')}${b.link ? `<br><a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a>` : ''}</p>`,
    )
    .join(
      '',
    )}<p style="color:#555">${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p><p>— betproof</p></body></html>`;
  return {
    to,
    subject,
    text: `${text}\n\n— betproof`,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function pickMail(opts: {
  to: string;
  pick: PickNews;
  timeZone: string;
  baseUrl: string;
  unsubscribeUrl: string;
}): Mail {
  const { pick } = opts;
  return withUnsubscribe(
    opts.to,
    `New pick from ${who(pick)}`,
    [
      {
        lines: [`${who(pick)} recorded a pick:`, ...pickLines(pick, opts.timeZone)],
        link: pickUrl(opts.baseUrl, pick),
      },
    ],
    `You get an email for each pick of ${who(pick)} because you chose it on betproof.`,
    opts.unsubscribeUrl,
  );
}

export function digestMail(opts: {
  to: string;
  picks: PickNews[];
  timeZone: string;
  baseUrl: string;
  unsubscribeUrl: string;
}): Mail {
  const n = opts.picks.length;
  return withUnsubscribe(
    opts.to,
    `${n} new ${n === 1 ? 'pick' : 'picks'} from the bettors you follow`,
    [
      { lines: [`The picks recorded since your last digest:`] },
      ...opts.picks.map((p) => ({
        lines: [`${who(p)}:`, ...pickLines(p, opts.timeZone)],
        link: pickUrl(opts.baseUrl, p),
      })),
      { lines: ['All of them, newest first:'], link: `${opts.baseUrl}/following` },
    ],
    'You get this digest because you chose it for some of the bettors you follow.',
    opts.unsubscribeUrl,
  );
}

export function pickPush(pick: PickNews, baseUrl: string, timeZone: string): PushMessage {
  return {
    title: `New pick from ${who(pick)}`,
    body: pickLines(pick, timeZone).join('\n'),
    url: pickUrl(baseUrl, pick),
    tag: `pick-${pick.betId}`,
  };
}
