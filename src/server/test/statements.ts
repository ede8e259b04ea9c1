import { vi } from 'vitest';
import type { TestEnv } from './harness.ts';

/**
 * The statements the database was sent while `act` ran whose text matches `pattern`: how a test
 * counts the work a request made, without timing it.
 */
export async function statementsDuring(env: TestEnv, pattern: RegExp, act: () => Promise<unknown>): Promise<number> {
  const client = (env.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const queries = vi.spyOn(client, 'query');
  try {
    await act();
    return queries.mock.calls.filter(([statement]) => {
      const text = typeof statement === 'string' ? statement : (statement as { text?: string }).text;
      return pattern.test(text ?? '');
    }).length;
  } finally {
    queries.mockRestore();
  }
}
