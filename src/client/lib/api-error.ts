/**
 * A failed API call and how a response becomes one. Apart from the RPC client (api.ts), so the
 * app chunk (lib/query-client.ts's retry rule) does not carry the client.
 */

/** A failed API call, carrying the server's message and per-field messages when it sent them. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly code: string | undefined;

  constructor(status: number, message: string, fields?: Record<string, string>, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.code = code;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * A 429: a quota or a rate limit refused the request and nothing changed. Its message says what
 * was refused and how long to wait; a form shows it and keeps what was typed.
 */
export const isTooManyRequests = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 429;

/** Said after a 429's message in a form: nothing the person typed is lost. */
export const KEPT_AFTER_REFUSAL = 'What you entered is kept.';

/**
 * Turns a non-2xx response into an ApiError. Our server answers `{ error, fields? }`;
 * Better Auth answers `{ message, code }`; anything else falls back to the status text.
 */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (isRecord(body)) {
    const fields = isRecord(body.fields)
      ? Object.fromEntries(Object.entries(body.fields).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : undefined;
    const code = typeof body.code === 'string' ? body.code : undefined;
    if (typeof body.error === 'string' && body.error) return new ApiError(res.status, body.error, fields, code);
    if (typeof body.message === 'string' && body.message) return new ApiError(res.status, body.message, fields, code);
  }
  const fallback =
    res.status === 429
      ? 'Too many requests. Please wait a moment and try again.'
      : res.statusText || `Request failed (${res.status})`;
  return new ApiError(res.status, fallback);
}
