import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { apiDocs, renderApiDocs } from './api-docs.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './document.ts';
import { describeEachDatabase } from '../test/harness.ts';
import { expectSecurityHeaders } from '../test/security-headers.ts';
import { escapeHtml } from '../../shared/page-rendering.ts';

const attributeValues = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((m) => m[1]!);

describeEachDatabase('API reference page', (env) => {
  it('is served at /api/docs without signing in: HTML, no-cache, with the security headers', async () => {
    const res = await env().request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(res, { label: '/api/docs' });
    const again = await env().request('/api/docs');
    expect(await again.text()).toBe(await res.text());
  });

  it('shows every documented operation (method and path), grouped under its tag, and links to the JSON', async () => {
    const html = await (await env().request('/api/docs')).text();
    const doc = (await (await env().request('/api/openapi.json')).json()) as OpenApiDocument;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const heading = `<span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>`;
        expect(html, `${method} ${path}`).toContain(heading);
        expect(html, op!.operationId).toContain(`id="op-${op!.operationId.toLowerCase()}"`);
      }
    }
    for (const tag of doc.tags) expect(html).toContain(`>${escapeHtml(tag.name)}</h2>`);
    // Tags in the document's order, each operation after its tag's heading and before the next.
    const tagAt = doc.tags.map((t) => html.indexOf(`>${escapeHtml(t.name)}</h2>`));
    expect([...tagAt].sort((a, b) => a - b)).toEqual(tagAt);
    for (const name of Object.keys(doc.components.schemas)) expect(html).toContain(`id="schema-${name.toLowerCase()}"`);
    expect(html).toContain('<a href="/api/openapi.json">');
  });

  it('runs no script and loads nothing: no <script>, no external link, every in-page link has its target', async () => {
    const html = await (await env().request('/api/docs')).text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(attributeValues(html, 'src')).toEqual([]);
    expect(html).not.toMatch(/<link\b/i);
    const ids = attributeValues(html, 'id');
    expect(new Set(ids).size, 'ids are unique').toBe(ids.length);
    for (const href of attributeValues(html, 'href')) {
      if (href === '/api/openapi.json') continue;
      expect(href).toMatch(/^#/);
      expect(ids, href).toContain(href.slice(1));
    }
  });

  it('is accessible: language, one h1, headings that never skip a level, landmarks, a skip link', async () => {
    const html = await (await env().request('/api/docs')).text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    const levels = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level, `heading ${i}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });
    for (const landmark of ['<header>', '<nav aria-label="Endpoints"', '<main id="main">', '<footer>']) {
      expect(html).toContain(landmark);
    }
    expect(html).toContain('<a class="skip" href="#main">');
    // Every table header cell says what it heads.
    expect(html.match(/<th(?=[\s>])(?![^>]*scope=)/g) ?? []).toEqual([]);
  });
});

describe('renderApiDocs', () => {
  const hostile = '<script>alert("x")</script> & \'quotes\'';

  /** The real document with attacker-chosen text in every place the page prints. */
  function hostileDocument(): OpenApiDocument {
    const doc = buildOpenApiDocument();
    doc.info.title = hostile;
    doc.info.description = `${hostile} \`<img src=x onerror=alert(1)>\``;
    doc.tags[0]!.description = hostile;
    doc.components.schemas[hostile] = { type: 'string', description: hostile, enum: [hostile] };
    const op = doc.paths['/api/bets']!.get!;
    op.summary = hostile;
    op.description = hostile;
    op.parameters![0]!.description = hostile;
    op.responses['200']!.description = hostile;
    op.responses['200']!.headers = { [hostile]: { description: hostile, schema: { type: 'string' } } };
    doc.paths[`/api/${hostile}`] = { get: { ...op, operationId: hostile } };
    return doc;
  }

  it('escapes everything it prints', () => {
    const html = renderApiDocs(hostileDocument());
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain("'quotes'");
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(html).toContain('<code>&lt;img src=x onerror=alert(1)&gt;</code>');
  });

  it('is rendered once, when first asked for: later changes to the document do not show', async () => {
    const doc = buildOpenApiDocument();
    let built = 0;
    const app = new Hono().get(
      '/docs',
      apiDocs(async () => {
        built++;
        return doc;
      }),
    );
    expect(built).toBe(0);
    const summary = doc.paths['/api/bets']!.get!.summary;
    const first = await (await app.request('/docs')).text();
    expect(first).toContain(escapeHtml(summary));
    doc.paths['/api/bets']!.get!.summary = 'Changed after the first request';
    const second = await (await app.request('/docs')).text();
    expect(second).toBe(first);
    expect(built).toBe(1);
  });
});
