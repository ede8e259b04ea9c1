import { describe, expect, it } from 'vitest';
import { preferenceCookie, preferenceCookiesOf } from './preference-cookies.ts';

describe('preference cookies', () => {
  it('reads only the preference cookies of a Cookie header, decoded, never the session', () => {
    const header =
      'better-auth.session_token=secret.sig; betproof_username_prompt_skipped=u_123; other=1; betproof_cookie_choice=%7B%22analytics%22%3Afalse%7D';
    expect(preferenceCookiesOf(header)).toEqual({
      usernamePromptSkipped: 'u_123',
      cookieChoice: '{"analytics":false}',
    });
    expect(preferenceCookiesOf(null)).toEqual({});
    expect(preferenceCookiesOf('betproof_cookie_choice=%E0%A4%A')).toEqual({});
  });

  it('writes what it reads back, kept a year on every path', () => {
    const written = preferenceCookie('cookieChoice', '{"analytics":false,"savedAt":"2026-11-28T10:00:00.000Z"}');
    expect(written).toBe(
      'betproof_cookie_choice=%7B%22analytics%22%3Afalse%2C%22savedAt%22%3A%222026-11-28T10%3A00%3A00.000Z%22%7D; Path=/; Max-Age=31536000; SameSite=Lax',
    );
    expect(preferenceCookiesOf(written.split(';')[0])).toEqual({
      cookieChoice: '{"analytics":false,"savedAt":"2026-11-28T10:00:00.000Z"}',
    });
  });
});
