/**
 * The record card: GET /{username}/card.png, a 1200×630 image of a public profile's graded record
 * for link previews (og:image, twitter:image) and for sharing. Laid out by satori (a tree of boxes
 * to SVG) and drawn by resvg (SVG to PNG) on the server, with the Inter font from its npm package
 * (nothing fetched at run time). Built from the same answer the profile page shows (GET
 * /api/profiles/:username: a private or unknown profile is a 404 there and here). An image is kept
 * in memory by the profile's ledger head (every change to the record appends to the ledger, so
 * the head is the record's version) and its display name; that is also its ETag.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import { formatUsd } from './og.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const require = createRequire(import.meta.url);
let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;
const fontsOf = () =>
  (fonts ??= ([400, 700] as const).map((weight) => ({
    name: 'Inter',
    data: readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
    weight,
    style: 'normal' as const,
  })));

/** The figures the card shows, as text: what the test reads back. */
export function cardFigures(profile: PublicProfile, date: Date) {
  const s = profile.stats;
  const pct = (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${v.toFixed(1)}%`);
  return {
    name: profile.displayName ?? `@${profile.username}`,
    handle: `@${profile.username}`,
    positions: `${s.won}–${s.lost}${s.voided > 0 ? `–${s.voided}` : ''}`,
    graded: `${s.graded} graded · ${s.selfReported} self-reported`,
    winRate: `${s.winRate.toFixed(1)}%`,
    yield: pct(s.levelStakesYield),
    luck: s.pValue === null ? '—' : `p = ${s.pValue.toFixed(3)}`,
    profit: formatUsd(s.totalProfit),
    seal: `Ledger #${profile.ledgerHead.seq} · ${profile.ledgerHead.hash.slice(0, 16)}`,
    date: date.toISOString().slice(0, 10),
  };
}

type Node = { type: string; props: Record<string, unknown> };
const box = (style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

const stat = (label: string, value: string): Node =>
  box(
    { flexDirection: 'column', gap: 4 },
    box({ fontSize: 26, color: '#94a3b8' }, label),
    box({ fontSize: 56, fontWeight: 700, color: '#f8fafc' }, value),
  );

/** The card's PNG bytes. */
export async function renderCard(profile: PublicProfile, date: Date): Promise<Buffer> {
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const f = cardFigures(profile, date);
  const tree = box(
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: 64,
      background: '#0f172a',
      fontFamily: 'Inter',
    },
    box(
      { flexDirection: 'column', gap: 8 },
      box({ fontSize: 60, fontWeight: 700, color: '#f8fafc' }, f.name),
      box({ fontSize: 30, color: '#34d399' }, `${f.handle} · betproof record`),
    ),
    box(
      { gap: 72 },
      stat('Record', f.positions),
      stat('Win rate', f.winRate),
      stat('Yield', f.yield),
      stat('Luck', f.luck),
    ),
    box(
      { flexDirection: 'column', gap: 6, fontSize: 24, color: '#94a3b8' },
      box({}, `${f.graded} · profit ${f.profit}`),
      box({}, `${f.seal} · ${f.date}`),
    ),
  );
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: fontsOf(),
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render().asPng();
}

/** The version an image is kept by: the record's (its ledger head) and the name it shows. */
export const cardVersion = (profile: PublicProfile) =>
  `${profile.ledgerHead.seq}-${profile.ledgerHead.hash.slice(0, 16)}-${Buffer.from(profile.displayName ?? '').toString('base64url')}`;

/** Rendered cards by username and version: a profile's card is drawn once per change of its record. */
export function createCardCache(max = 200) {
  const cache = new LRUCache<string, { version: string; png: Buffer }>({ max });
  return async (profile: PublicProfile, now: Date): Promise<{ version: string; png: Buffer }> => {
    const version = cardVersion(profile);
    const kept = cache.get(profile.username);
    if (kept && kept.version === version) return kept;
    const card = { version, png: await renderCard(profile, now) };
    cache.set(profile.username, card);
    return card;
  };
}
