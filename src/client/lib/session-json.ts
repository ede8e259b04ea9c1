import type { Session } from './auth-client.ts';

/** An ISO 8601 date-time as Better Auth sends it; revived into a Date, as its own client does. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A session as JSON (get-session's answer, or the one a signed-in page's server render used) with
 * its dates revived, as Better Auth's own client does.
 */
export function parseSession(json: string): Session | null {
  return JSON.parse(json, (_key, value: unknown) =>
    typeof value === 'string' && ISO_DATE_TIME.test(value) ? new Date(value) : value,
  ) as Session | null;
}
