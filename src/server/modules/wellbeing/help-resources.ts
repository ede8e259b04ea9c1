/**
 * GET /api/help-resources: the "Need help?" page's list, the bundled one or the operator's own
 * (HELP_RESOURCES_FILE, checked against the schema below when first read; a file that does not
 * match fails that request and is logged, never served half-read).
 */
import { readFile } from 'node:fs/promises';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Logger } from '../../lib/logger.ts';
import { BUNDLED_HELP_RESOURCES, HELP_RESOURCE_KINDS, type HelpResources } from '../../../shared/help-resources.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

const helpResourceSchema = z
  .object({
    name: z.string().min(1),
    kind: z.enum(HELP_RESOURCE_KINDS),
    description: z.string().min(1),
    phone: z.string().min(1).optional(),
    text: z.string().min(1).optional(),
    url: z.url({ protocol: /^https$/ }).optional(),
    source: z.url(),
    checked: day,
  })
  .strict();

export const helpResourcesSchema = z
  .object({
    checked: day,
    countries: z.array(
      z
        .object({
          code: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 country code'),
          name: z.string().min(1),
          resources: z.array(helpResourceSchema).min(1),
        })
        .strict(),
    ),
    everywhere: z.array(helpResourceSchema),
  })
  .strict();

/** The list from `file`, validated; the bundled list without one. */
export async function loadHelpResources(file: string | undefined): Promise<HelpResources> {
  if (!file) return BUNDLED_HELP_RESOURCES;
  return helpResourcesSchema.parse(JSON.parse(await readFile(file, 'utf8'))) as HelpResources;
}

export function helpResourceRoutes({ file, logger }: { file: string | undefined; logger: Logger }) {
  let loaded: Promise<HelpResources> | undefined;
  return new Hono().get('/', async (c) => {
    loaded ??= loadHelpResources(file);
    try {
      return c.json(await loaded, 200);
    } catch (err) {
      loaded = undefined;
      logger.error('help resources file unreadable', { file, error: String(err) });
      return c.json({ error: 'The help list could not be read' }, 503);
    }
  });
}
