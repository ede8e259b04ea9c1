import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { request as newRequest } from '@playwright/test';
import { recordBet } from './support/bets.ts';
import { expect, test } from './support/fixtures.ts';
import { followOnProfile, namedBettor, secondPerson } from './support/follows.ts';

/*
 * Being told: on /following a follower chooses an email per pick for a bettor and sets quiet
 * hours (a bad time zone is refused and what was typed stays); the bettor records a pick; the
 * server's background job mails it (the e2e server has no grace period and runs the job every
 * second); the mail's RFC 8058 one-click unsubscribe, POSTed as a mail provider would, turns the
 * choice back to nothing, as the page then shows.
 */

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

async function waitForMail(to: string, subject: string): Promise<OutboxMail> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  for (let attempt = 0; attempt < 150; attempt++) {
    for (const file of readdirSync(dir).sort().reverse()) {
      const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as OutboxMail;
      if (mail.to === to && mail.subject === subject) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no "${subject}" mail to ${to}`);
}

const hhmm = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;

test('a follower chooses an email per pick and quiet hours, gets the pick by email, and unsubscribes in one click', async ({
  page,
  browser,
}, testInfo) => {
  // Two accounts, a mail and a background job: more than the default minute on a loaded machine.
  test.setTimeout(150_000);
  const username = await namedBettor(page, 'Pick Poster');

  const follower = await secondPerson(browser, testInfo);
  const fan = follower.page;
  await followOnProfile(fan, username, 'Pick Poster');

  await fan.goto('/following');
  await expect(fan.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const choice = fan.getByRole('combobox', { name: `Notifications for Pick Poster (@${username})` });
  await expect(choice).toHaveValue('none');
  await choice.selectOption('An email per pick');
  await expect(fan.getByText('Notifications saved')).toBeVisible();

  // Quiet hours and the digest's hour: an unknown zone is refused next to its field, and what was
  // typed and chosen stays.
  const quiet = fan.getByRole('form', { name: 'When to be told' });
  const digestAt = quiet.getByRole('combobox', { name: 'Daily digest at' });
  await expect(digestAt).toHaveValue('8');
  await digestAt.selectOption('18:00');
  await quiet.getByRole('textbox', { name: 'Time zone' }).fill('Mars/Olympus');
  // Quiet from two to three hours from now (UTC): the pick below is not held back.
  const hour = new Date().getUTCHours();
  await quiet.getByLabel('Quiet hours start').fill(hhmm(hour + 2));
  await quiet.getByLabel('Quiet hours end').fill(hhmm(hour + 3));
  await quiet.getByRole('button', { name: 'Save times' }).click();
  await expect(quiet.getByText('Unknown time zone')).toBeVisible();
  await expect(quiet.getByRole('textbox', { name: 'Time zone' })).toHaveValue('Mars/Olympus');
  await expect(quiet.getByLabel('Quiet hours start')).toHaveValue(hhmm(hour + 2));
  await expect(digestAt).toHaveValue('18');
  await quiet.getByRole('textbox', { name: 'Time zone' }).fill('UTC');
  await quiet.getByRole('button', { name: 'Save times' }).click();
  await expect(fan.getByText('Times saved')).toBeVisible();

  // Kept by the server: a fresh load shows them.
  await fan.reload();
  await expect(fan.getByRole('combobox', { name: `Notifications for Pick Poster (@${username})` })).toHaveValue(
    'email',
  );
  await expect(fan.getByLabel('Quiet hours end')).toHaveValue(hhmm(hour + 3));
  await expect(fan.getByRole('combobox', { name: 'Daily digest at' })).toHaveValue('18');

  // The settings as a person sees them, at a phone's and a laptop's width (looked at by hand).
  for (const width of [390, 1280]) {
    await fan.setViewportSize({ width, height: 900 });
    await fan.getByRole('heading', { name: 'Notifications' }).scrollIntoViewIfNeeded();
    await fan.screenshot({ path: testInfo.outputPath(`notifications-${width}.png`), fullPage: true });
  }

  await recordBet(page.request, { description: 'Bills ML at Dolphins', odds: '+120' });
  const mail = await waitForMail(follower.email, 'New pick from Pick Poster (@' + username + ')');
  expect(mail.text).toContain('Bills ML at Dolphins at +120');
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const unsubscribe = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
  expect(unsubscribe).toMatch(/\/api\/unsubscribe\//);

  // The mail provider's one-click POST: no cookie, no Origin, the RFC's form body.
  const provider = await newRequest.newContext();
  const res = await provider.post(unsubscribe!, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('You will get no more of these emails.');
  await provider.dispose();

  await fan.reload();
  await expect(fan.getByRole('combobox', { name: `Notifications for Pick Poster (@${username})` })).toHaveValue('none');
  await follower.context.close();
});
