import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../server/app.ts';
import type { FirstAnswer } from '../../shared/first-data.ts';
import { toApiError } from './api-error.ts';

/** Typed RPC client for our own API: `api.api.admin.access.$get()` and so on. */
export const api = hc<AppType>('/');

export { ApiError, KEPT_AFTER_REFUSAL, isTooManyRequests, toApiError } from './api-error.ts';

/** The JSON body type of the 2xx answers among an endpoint's possible responses. */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, 'json'> ? (S extends SuccessStatusCode ? T : never) : never;

/**
 * Awaits an RPC call and resolves to its 2xx JSON body, else throws an ApiError with the server's
 * message: `const { admin } = await unwrap(api.api.admin.access.$get())`.
 */
export async function unwrap<R extends ClientResponse<unknown, number, 'json'>>(
  call: Promise<R>,
): Promise<SuccessBody<R>> {
  const res = await call;
  if (!res.ok) throw await toApiError(res as unknown as Response);
  return (await res.json()) as SuccessBody<R>;
}

/**
 * GETs one of a page's first answers (shared/first-data.ts) at the very address the server asked
 * for the page's render (for a list, the page after `cursor`) and resolves to its answer, else
 * throws an ApiError with the server's message, as `unwrap` does.
 */
export async function askFirst<Param, Answer>(
  entry: FirstAnswer<Param, Answer>,
  param: Param,
  cursor: string | null = null,
): Promise<Answer> {
  const res = await fetch(entry.url(param, cursor));
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as Answer;
}
