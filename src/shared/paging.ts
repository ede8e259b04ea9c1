/** What every paged list's query takes: the previous page's opaque `nextCursor`. */
import { z } from 'zod';

export const cursorParamSchema = z.string({ error: 'Invalid cursor' }).max(200, 'Invalid cursor').optional();
