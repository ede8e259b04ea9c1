import { expect } from 'vitest';

/** The HSTS value every response carries when BASE_URL is https (two years, subdomains too). */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * The headers the foundation issue promises on every response: a CSP that allows only our own
 * scripts and forbids plugins, <base> and framing; nosniff; a Referrer-Policy; and HSTS exactly
 * when the app is served over https (on plain http it would pin a browser to https on localhost).
 */
export function expectSecurityHeaders(res: Response, opts: { https?: boolean; label?: string } = {}) {
  const label = opts.label ?? `${res.status} response`;
  const csp = res.headers.get('content-security-policy') ?? '';
  const directives = csp.split(';').map((d) => d.trim());
  expect(directives, `${label}: CSP`).toEqual(
    expect.arrayContaining([
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]),
  );
  expect(res.headers.get('x-content-type-options'), `${label}: nosniff`).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), `${label}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('strict-transport-security'), `${label}: HSTS`).toBe(opts.https ? HSTS : null);
}
