import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.ts';
import { BETS_PAGE_DEFAULT, BETS_PAGE_MAX, SPORTS } from '../../shared/bets.ts';
import { INFLUENCERS_PAGE_MAX, INFLUENCER_SORTS } from '../../shared/community.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './document.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every `"$ref"` value anywhere in `value`, with where it was found. */
function refsIn(value: unknown, at = '#'): [ref: string, at: string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsIn(v, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === '$ref' && typeof v === 'string' ? [[v, at] as [string, string]] : refsIn(v, `${at}/${key}`),
  );
}

const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op: op! })),
  );

describeEachDatabase('OpenAPI document', (env) => {
  const served = async () => (await (await env().request('/api/openapi.json')).json()) as OpenApiDocument;

  it('is served as OpenAPI 3.1 at /api/openapi.json without signing in, as buildOpenApiDocument builds it', async () => {
    const res = await env().request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const doc = (await res.json()) as OpenApiDocument;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('documents every /api route the app serves (Better Auth aside), and only those, with each method', async () => {
    const doc = await served();
    // From the app itself, not a list kept by hand: a new route without an entry fails here.
    const routes = env()
      .app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.startsWith('/api/auth/'))
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`);
    const documented = operationsOf(doc).map(({ method, path }) => `${method} ${path}`);
    const routeSet = new Set(routes);
    const documentedSet = new Set(documented);
    expect(routeSet.size).toBeGreaterThan(30);
    const undocumented = [...routeSet].filter((r) => !documentedSet.has(r));
    const notServed = documented.filter((d) => !routeSet.has(d));
    expect.soft(undocumented, 'served but not documented').toEqual([]);
    expect.soft(notServed, 'documented but not served').toEqual([]);
    expect(documented.length, 'each operation documented once').toBe(documentedSet.size);
    // Spot checks that the comparison sees every module.
    for (const entry of [
      'get /api/health',
      'get /api/openapi.json',
      'get /api/docs',
      'get /api/admin/access',
      'patch /api/admin/users/{userId}/verification',
      'post /api/verification/apply',
      'delete /api/bets/{id}',
      'post /api/inbox/newsletter',
      'get /api/profiles/{username}/ledger.ndjson',
      'get /api/profile/export.csv',
      'put /api/profile/settings',
      'get /api/community/influencers',
    ]) {
      expect(documentedSet.has(entry), entry).toBe(true);
    }
    expect(documented.some((d) => d.includes('/api/auth'))).toBe(false);
  });

  it('is well formed: ids, tags, responses, path parameters, security schemes and every $ref resolve', async () => {
    const doc = await served();
    const ops = operationsOf(doc);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
    const tags = new Set(doc.tags.map((t) => t.name));
    for (const { path, method, op } of ops) {
      const label = `${method} ${path}`;
      expect(METHODS, label).toContain(method);
      expect(op.summary, label).toMatch(/\S/);
      expect(op.tags, label).toHaveLength(1);
      expect(tags.has(op.tags[0]!), label).toBe(true);
      const statuses = Object.keys(op.responses);
      expect(statuses.length, `${label} has responses`).toBeGreaterThan(0);
      expect(
        statuses.some((s) => s.startsWith('2')),
        `${label} has a success`,
      ).toBe(true);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(status, label).toMatch(/^[1-5]\d\d$/);
        expect(response.description, `${label} ${status}`).toMatch(/\S/);
      }
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      expect(declared, `${label} path parameters`).toEqual(inPath);
      for (const p of op.parameters ?? []) if (p.in === 'path') expect(p.required, label).toBe(true);
      for (const requirement of op.security ?? []) {
        for (const scheme of Object.keys(requirement))
          expect(doc.components.securitySchemes, label).toHaveProperty(scheme);
      }
      // Whoever may be refused for not signing in says so, and only they.
      const needsSignIn = (op.security ?? []).length > 0 && op.security!.every((r) => Object.keys(r).length > 0);
      expect('401' in op.responses, `${label} 401 iff signed-in only`).toBe(needsSignIn);
      // Every write may meet the origin check; every body the size limit and the JSON parser.
      if (method !== 'get') expect(op.responses['403']?.description, label).toContain('another origin');
      if (op.requestBody)
        expect(Object.keys(op.responses), label).toEqual(expect.arrayContaining(['400', '413', '422']));
    }
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const [ref, at] of refs) {
      expect(ref, at).toMatch(/^#\/components\/schemas\/[A-Za-z0-9_]+$/);
      expect(doc.components.schemas, `${at}: ${ref}`).toHaveProperty(ref.split('/').at(-1)!);
    }
    const used = new Set(refs.map(([ref]) => ref.split('/').at(-1)));
    expect(
      Object.keys(doc.components.schemas).filter((name) => !used.has(name)),
      'schemas no operation uses',
    ).toEqual([]);
  });

  it('generates request and response schemas from the shared zod schemas', async () => {
    const doc = await served();
    const { RecordBetInput, Bet, BetStats, SettleBetInput } = doc.components.schemas as Record<
      string,
      { properties?: Record<string, unknown>; required?: string[] }
    >;
    expect(RecordBetInput).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['description', 'amount', 'odds', 'sport', 'eventDate'],
      properties: {
        description: { type: 'string', minLength: 1, maxLength: 500 },
        amount: { type: 'string' },
        sport: { enum: [...SPORTS] },
        eventDate: { type: 'string', format: 'date-time' },
      },
    });
    expect(SettleBetInput).toMatchObject({ properties: { status: { enum: ['won', 'lost', 'void'] } } });
    expect(Object.keys(Bet?.properties ?? {}).sort()).toEqual(
      [
        'id',
        'description',
        'amount',
        'odds',
        'decimalOdds',
        'sport',
        'eventDate',
        'status',
        'potentialWin',
        'profitLoss',
        'settledAt',
        'createdAt',
        'unitSize',
        'legs',
        'kind',
        'eventId',
        'market',
        'selection',
        'line',
      ].sort(),
    );
    // A bet on a listed event, and the events catalog's routes, documented from their schemas.
    expect(doc.components.schemas.RecordListedBetInput).toMatchObject({
      additionalProperties: false,
      properties: { market: { enum: ['moneyline', '1x2', 'spread', 'total'] } },
    });
    expect(doc.paths['/api/events']?.get?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/EventPage' } } },
    });
    expect(BetStats?.required).toEqual(
      expect.arrayContaining(['totalBets', 'winRate', 'totalStaked', 'totalProfit', 'settledStaked', 'roi']),
    );
    // The statistics' public fields (docs/decisions/007), each documented.
    const stats = BetStats?.properties as Record<string, { description?: string; properties?: object }>;
    for (const field of ['voided', 'levelStakesYield', 'roiInterval', 'maxDrawdown', 'pValue', 'unitSize']) {
      expect(BetStats?.required, field).toContain(field);
      expect(stats[field]?.description, field).toMatch(/\w{3,}/);
    }
    expect(JSON.stringify(stats.roiInterval)).toContain('"low"');
    expect(JSON.stringify(stats.roiInterval)).toContain('"high"');
    expect(doc.paths['/api/bets']?.post?.responses['201']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Bet' } } },
    });
    expect(doc.components.schemas.UpdateProfileInput).toMatchObject({
      additionalProperties: false,
      properties: { username: { pattern: '^[a-z0-9_.]{3,30}$' } },
    });
    expect(doc.components.schemas.PublicProfile).toMatchObject({
      properties: { stats: { required: expect.arrayContaining(['roi', 'overdue']) as unknown } },
    });
  });

  it('generates query parameters from the same zod schemas the validators use', async () => {
    const doc = await served();
    const params = (path: string) =>
      Object.fromEntries((doc.paths[path]?.get?.parameters ?? []).map((p) => [`${p.in}:${p.name}`, p]));
    expect(params('/api/bets')).toMatchObject({
      'query:limit': {
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: BETS_PAGE_MAX, default: BETS_PAGE_DEFAULT },
      },
      'query:cursor': { required: false, schema: { type: 'string' } },
    });
    expect(Object.keys(params('/api/profiles/{username}/bets')).sort()).toEqual(
      ['path:username', 'query:cursor', 'query:limit'].sort(),
    );
    expect(params('/api/community/influencers')).toMatchObject({
      'query:sort': { schema: { enum: [...INFLUENCER_SORTS] } },
      'query:limit': { schema: { maximum: INFLUENCERS_PAGE_MAX } },
    });
    expect(Object.keys(params('/api/admin/users')).sort()).toEqual(
      ['query:cursor', 'query:limit', 'query:search', 'query:status'].sort(),
    );
  });

  it('describes the non-JSON answers and the rate limit', async () => {
    const doc = await served();
    expect(doc.paths['/api/profile/export.csv']?.get?.responses['200']?.content).toHaveProperty('text/csv');
    expect(doc.paths['/api/profiles/{username}/ledger.ndjson']?.get?.responses['200']?.content).toHaveProperty(
      'application/x-ndjson',
    );
    expect(doc.paths['/api/inbox/contact']?.post?.responses['429']?.headers).toHaveProperty('Retry-After');
    expect(doc.paths['/api/bets/{id}']?.delete?.responses['204']).toEqual({ description: 'Deleted' });
  });
});
