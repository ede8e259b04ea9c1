import { request, type FullConfig } from '@playwright/test';
import { ADMIN_EMAIL, createConfirmedUser } from './fixtures.ts';

/**
 * Creates the e2e admin (ADMIN_EMAILS in playwright.config.ts) once, before any worker starts
 * (Playwright starts the web server first). Created by whichever spec needed it first, two workers
 * signing it up at once restarted each other's confirmation until its mail quota ran out.
 */
export default async function globalSetup(config: FullConfig) {
  const api = await request.newContext({
    baseURL: config.projects[0]!.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '10.254.254.254' },
  });
  await createConfirmedUser(api, { email: ADMIN_EMAIL, name: 'E2E Admin' });
  await api.dispose();
}
