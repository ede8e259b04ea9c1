/** The service's own endpoints (app.ts): health, this document and its reference page. */
import { z } from 'zod';
import { jsonSchema, response, type ApiModule } from './common.ts';

export const serviceModule: ApiModule = {
  tag: { name: 'Service', description: 'Health and the API description itself.' },
  schemas: {},
  paths: {
    '/api/health': {
      get: {
        operationId: 'health',
        summary: 'Liveness and database reachability',
        responses: {
          '200': response('Up', jsonSchema(z.object({ status: z.literal('ok'), database: z.literal(true) }), 'output')),
          '503': response(
            'The database is unreachable',
            jsonSchema(z.object({ status: z.literal('unavailable'), database: z.literal(false) }), 'output'),
          ),
        },
      },
    },
    '/api/openapi.json': {
      get: {
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI 3.1 document',
        responses: {
          '200': {
            description: 'The document',
            content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'] } } },
          },
        },
      },
    },
    '/api/docs': {
      get: {
        operationId: 'getApiReference',
        summary: 'This document as a readable HTML reference page',
        responses: {
          '200': { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } },
        },
      },
    },
  },
};
