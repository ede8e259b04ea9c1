import { expect, it } from 'vitest';
import { describeEachDatabase } from './test/harness.ts';
import { SPORTS } from '../shared/bets.ts';

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] } & object> };
}

describeEachDatabase('OpenAPI document', (env) => {
  it('is served as OpenAPI 3.1 at /api/openapi.json without signing in', async () => {
    const res = await env().request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(((await res.json()) as Doc).openapi).toBe('3.1.0');
  });

  it('documents every bets and ledger route the app serves, with each method, and /api/health', async () => {
    const doc = (await (await env().request('/api/openapi.json')).json()) as Doc;
    const served = env()
      .app.routes.filter(
        (r) =>
          r.method !== 'ALL' &&
          (r.path.startsWith('/api/bets') || r.path === '/api/health' || r.path.includes('/ledger')),
      )
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(new Set(served)).toEqual(
      new Set([
        'get /api/health',
        'get /api/bets',
        'post /api/bets',
        'get /api/bets/stats',
        'patch /api/bets/{id}',
        'delete /api/bets/{id}',
        'get /api/profiles/{username}/ledger',
        'get /api/profiles/{username}/ledger.ndjson',
      ]),
    );
    expect(new Set(documented)).toEqual(new Set(served));
  });

  it('generates request and response schemas from the shared zod schemas', async () => {
    const doc = (await (await env().request('/api/openapi.json')).json()) as Doc;
    const { RecordBetInput, Bet, BetStats, SettleBetInput } = doc.components.schemas;
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
    expect(SettleBetInput).toMatchObject({ properties: { status: { enum: ['won', 'lost'] } } });
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
      ].sort(),
    );
    expect(BetStats?.required).toEqual(
      expect.arrayContaining(['totalBets', 'winRate', 'totalStaked', 'totalProfit', 'settledStaked', 'roi']),
    );
    expect(doc.paths['/api/bets']?.post?.responses['201']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Bet' } } },
    });
  });
});
