/** What every paged list's query takes: the previous page's opaque `nextCursor`. */
import { z } from 'zod';

export const cursorParamSchema = z.string({ error: 'Invalid cursor' }).max(200, 'Invalid cursor').optional();

/**
 * A whole-number query parameter (its text coerced) from `min` to `max`, every way of being wrong
 * answered with the one `message`.
 */
export const wholeNumberParam = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** A page size from 1 to `max`, `fallback` when absent ('Limit must be a whole number from 1 to 50'). */
export const pageLimitParam = (max: number, fallback: number, name = 'Limit') =>
  wholeNumberParam(`${name} must be a whole number from 1 to ${max}`, 1, max).default(fallback);
