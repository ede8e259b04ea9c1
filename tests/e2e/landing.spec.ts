import { expect, signedInUser, test } from './support/fixtures.ts';

const LEAGUES = ['Premier League', 'Champions League', 'NBA', 'WNBA', 'NFL', 'La Liga'];

test.describe('landing page', () => {
  test('shows the hero, events, sections, the counted figures and responsible-gambling help', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Track Your Betting Performance · betproof');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /track your betting performance with precision and make informed decisions/,
    );
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Track your betting performance with precision');

    await expect(main.getByRole('link', { name: 'Start Recording Bets' })).toHaveAttribute('href', '/auth?mode=signup');
    await expect(main.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/about');
    await expect(main.getByRole('link', { name: 'Get Started for Free' })).toHaveAttribute('href', '/auth?mode=signup');

    // The six event cards, each with start and end dates and a team count.
    const cards = page.getByTestId('event-card');
    await expect(cards).toHaveCount(6);
    for (const [i, league] of LEAGUES.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { name: league, exact: true })).toBeVisible();
      await expect(card.getByText('Starts')).toBeVisible();
      await expect(card.getByText('Ends')).toBeVisible();
      await expect(card.getByText(/^\d+ teams$/)).toBeVisible();
    }
    await expect(cards.filter({ hasText: 'Premier League' })).toContainText('20 teams');
    await expect(cards.filter({ hasText: 'NFL' })).toContainText('32 teams');

    for (const heading of [
      'Upcoming Sport Events',
      'Your followers deserve proof, not promises',
      'Free community access after your first recorded bet',
      'Everything you need to know where you stand',
      'Counted by the database, not by us',
      'Ready to see your real numbers?',
      'Gamble responsibly',
    ]) {
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    // No testimonials: nobody quoted who does not exist.
    await expect(main.getByRole('blockquote')).toHaveCount(0);
    await expect(main.getByText('No signup required')).toBeVisible();
    const counted = main.getByTestId('site-counts');
    for (const label of ['Bettors with a public record', 'Bets recorded', 'Ledger entries'])
      await expect(counted.getByText(label, { exact: true })).toBeVisible();

    // Helplines: 1-800-GAMBLER dials, BeGambleAware opens in a new tab without opener or referrer.
    await expect(main.getByRole('link', { name: '1-800-GAMBLER' })).toHaveAttribute('href', 'tel:+18004262537');
    const gambleAware = main.getByRole('link', { name: /begambleaware\.org/ });
    await expect(gambleAware).toHaveAttribute('target', '_blank');
    await expect(gambleAware).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('the hero buttons lead to /about and to the Sign Up tab', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Learn More' }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About betproof');
    await page.goBack();
    await page.getByRole('link', { name: 'Start Recording Bets' }).click();
    await expect(page).toHaveURL('/auth?mode=signup');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveTitle('Sign Up · betproof');
  });

  test('every Get Started and Create Free Account opens the Sign Up tab; signed in, it goes on to the dashboard', async ({
    page,
  }) => {
    const signUpTab = page.getByRole('tab', { name: 'Sign Up' });
    const ctas: [string, string][] = [
      ['/', 'Get Started for Free'],
      ['/', 'Create Free Account'],
      ['/about', 'Get Started'],
    ];
    for (const [path, name] of ctas) {
      await page.goto(path);
      await page.getByRole('main').getByRole('link', { name, exact: true }).click();
      await expect(page, `${path}: ${name}`).toHaveURL('/auth?mode=signup');
      await expect(signUpTab, `${path}: ${name}`).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('checkbox', { name: 'I am 18 or older' })).toBeVisible();
    }
    await page.goto('/');
    await page.getByRole('link', { name: 'Try the Demo, No Signup' }).click();
    await page.getByRole('link', { name: 'Create Free Account' }).click();
    await expect(signUpTab).toHaveAttribute('aria-selected', 'true');

    await signedInUser(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started for Free' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('does not download dashboard, admin or chart code (nor the demo until asked)', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const forbidden = /dashboard|admin|analytics|recharts|chart|profile|demo-page/i;
    expect(scripts.filter((s) => forbidden.test(s))).toEqual([]);

    // Opening the demo fetches its own chunk, still nothing from the dashboard.
    await page.getByRole('link', { name: 'Try the Influencer Demo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Dashboard' })).toBeVisible();
    expect(scripts.some((s) => /demo-page/.test(s))).toBe(true);
    expect(scripts.filter((s) => /dashboard-|admin|analytics|recharts/i.test(s))).toEqual([]);
  });

  test('is usable at 360 px without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(page.getByRole('link', { name: 'Start Recording Bets' })).toBeVisible();
  });

  test('keyboard: the demo links work from the keyboard and focus returns on Back to Home', async ({ page }) => {
    await page.goto('/');
    const community = page.getByRole('link', { name: 'Try the Community Demo' });
    await community.focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1, name: 'Demo Dashboard' });
    await expect(heading).toBeFocused();
    await expect(page).toHaveURL('/?demo=1');
    await page.getByRole('button', { name: 'Back to Home' }).press('Enter');
    await expect(page).toHaveURL('/');
    await expect(community).toBeFocused();
  });
});
