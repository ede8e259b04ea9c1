/**
 * The Follow page with a deployment's social settings (SOCIAL_*_URL, SOCIAL_*_FOLLOWERS): a
 * platform is listed only when its link is set, and a follower count only when the operator states
 * one. Rendered by the client's own render module, given the settings as the server gives them.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, siteContactOf } from '../env.ts';
import { SITE_CONTACT_GLOBAL, type RenderModule } from '../../shared/page-rendering.ts';

const INDEX_HTML = readFileSync(new URL('../../client/index.html', import.meta.url), 'utf8');

const config = loadConfig({
  NODE_ENV: 'test',
  AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  DATA_DIR: 'memory://',
  SOCIAL_X_URL: 'https://x.com/betproof_ops',
  SOCIAL_X_FOLLOWERS: '48210',
  SOCIAL_TELEGRAM_URL: 'https://t.me/betproof_ops',
});

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

let follow: string;
beforeAll(async () => {
  (globalThis as Record<string, unknown>)[SITE_CONTACT_GLOBAL] = siteContactOf(config);
  const ssr = (await import(new URL('../../client/ssr/render.tsx', import.meta.url).href)) as RenderModule;
  const pages = await ssr.prerenderPages(INDEX_HTML);
  follow = pages.find((p) => p.url === '/follow')!.html;
}, 60_000);

describe('the Follow page with social settings', () => {
  it('reads the settings from the environment, refusing a link that is not https or a count that is not whole', () => {
    expect(siteContactOf(config)).toMatchObject({
      socialX: 'https://x.com/betproof_ops',
      socialXFollowers: 48210,
      socialTelegram: 'https://t.me/betproof_ops',
    });
    expect(() => loadConfig({ DATA_DIR: 'memory://', SOCIAL_X_URL: 'http://x.com/a' })).toThrow(
      /SOCIAL_X_URL: must be an https:\/\/ URL/,
    );
    expect(() => loadConfig({ DATA_DIR: 'memory://', SOCIAL_TIKTOK_FOLLOWERS: '12K' })).toThrow(
      /SOCIAL_TIKTOK_FOLLOWERS: must be a whole number/,
    );
  });

  it('lists the platforms set, with the follower count only where one is stated', () => {
    const cards = follow.match(/data-testid="platform-card"/g) ?? [];
    expect(cards).toHaveLength(2);
    expect(follow).toContain('href="https://x.com/betproof_ops"');
    expect(follow).toContain('href="https://t.me/betproof_ops"');
    const page = text(follow);
    expect(page).toContain('x.com/betproof_ops');
    expect(page).toContain('48,210 followers');
    expect(page).not.toMatch(/\d members/);
    for (const absent of ['Instagram', 'Twitch', 'TikTok']) expect(page).not.toContain(absent);
  });
});
