import { request as playwrightRequest, type Page } from '@playwright/test';
import {
  DEFAULT_PASSWORD,
  createConfirmedUser,
  expect,
  loadsUntilHydrated,
  mailCount,
  mailedLink,
  signedInUser,
  signInAsAdmin,
  test,
  uniqueEmail,
} from './support/fixtures.ts';

const header = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('1. shared header and footer', () => {
  test('a visitor sees the wordmark, Sign In / Sign Up and the footer sections', async ({ page }) => {
    await page.goto('/');
    await expect(header(page).getByRole('link', { name: 'betproof' })).toHaveAttribute('href', '/');
    await expect(header(page).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(header(page).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');

    const links: Record<string, string> = {
      Dashboard: '/dashboard',
      Following: '/following',
      'Bettor Spotlight': '/spotlight',
      Influencers: '/influencers',
      'About Us': '/about',
      Contact: '/contact',
      Advertise: '/advertise',
      'Terms of Use': '/terms',
      'Privacy Policy': '/privacy',
      'Cookie Policy': '/cookies',
      'Follow Us': '/follow',
    };
    for (const [name, href] of Object.entries(links)) {
      await expect(footer(page).getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    for (const section of ['Product', 'Company', 'Legal']) {
      await expect(footer(page).getByText(section, { exact: true })).toBeVisible();
    }
    await expect(footer(page)).toContainText(`© ${new Date().getFullYear()} betproof`);

    await header(page).getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/auth?mode=signup');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await header(page).getByRole('link', { name: 'Sign In' }).click();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  });
});

/** Fills the Sign Up tab (already open) and sends it. */
async function signUpThroughForm(page: Page, email: string, opts: { name?: string; adult?: boolean } = {}) {
  if (opts.name) await page.getByLabel('Full name (optional)').fill(opts.name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  if (opts.adult ?? true) await page.getByRole('checkbox', { name: 'I am 18 or older' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

test.describe('2-3. sign up, confirm, sign in', () => {
  test('a visitor signs up, and the emailed link confirms and signs them in to the dashboard', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    // The app running, the tab (a link to /auth?mode=signup) switches in place.
    await expect(page).toHaveURL('/auth');
    await page.getByLabel('Full name (optional)').fill('Jamie Rivera');
    await page.getByLabel('Email').fill(email);
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('placeholder', 'Create a password (min. 6 characters)');
    await password.fill(DEFAULT_PASSWORD);
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    const adult = page.getByRole('checkbox', { name: 'I am 18 or older' });
    await expect(adult).not.toBeChecked();

    // The box is required: the form says so, keeps what was typed and sends nothing.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Confirm that you are 18 or older to create an account')).toBeVisible();
    await expect(adult).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(password).toHaveValue(DEFAULT_PASSWORD);
    expect(mailCount(email, 'Confirm')).toBe(0);

    await adult.check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Check your email', { exact: true })).toBeVisible();
    await expect(page.getByText("We've sent you a confirmation link to complete your registration.")).toBeVisible();

    // Signing in before confirming is refused with the server's reason.
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await signInThroughForm(page, email, DEFAULT_PASSWORD);
    await expect(page.getByText('Sign in failed', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/auth');

    // The link confirms the address and signs in: straight on to the dashboard.
    await page.goto(await mailedLink(email, 'Confirm'));
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText('Your email is confirmed', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Jamie Rivera!');
    await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  test('the server refuses a sign-up without the 18-or-older confirmation', async ({ request }) => {
    const email = uniqueEmail('minor');
    const res = await request.post('/api/auth/sign-up/email', { data: { email, password: DEFAULT_PASSWORD } });
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({
      code: 'AGE_NOT_CONFIRMED',
      message: 'Confirm that you are 18 or older to create an account',
    });
    expect(mailCount(email, 'Confirm')).toBe(0);
  });

  test('a sign-up started from a page comes back to it once the link is followed', async ({ page }) => {
    const email = uniqueEmail('returning');
    await page.goto('/profile');
    await expect(page).toHaveURL('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await signUpThroughForm(page, email);
    await expect(page.getByText('Check your email', { exact: true })).toBeVisible();
    await page.goto(await mailedLink(email, 'Confirm'));
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('button', { name: 'Edit username' })).toBeVisible();
  });

  test('a link already used (say, by a mail scanner) lands on Login with the email filled, then on the page', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('scanned');
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await signUpThroughForm(page, email);
    await expect(page.getByText('Check your email', { exact: true })).toBeVisible();
    const link = await mailedLink(email, 'Confirm');
    // Something else follows the link first: it gets the one sign-in the link gives.
    const scanner = await playwrightRequest.newContext({ baseURL });
    expect((await scanner.get(link, { maxRedirects: 0 })).status()).toBe(302);
    await scanner.dispose();

    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\?verified=1&next=%2Fprofile/);
    await expect(page.getByText('Your email is confirmed. You can now sign in.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/profile');
  });

  test('sign-up rejects a malformed email, a short password and a common one', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

    const email = uniqueEmail('common');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('password1');
    await page.getByRole('checkbox', { name: 'I am 18 or older' }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Sign up failed', { exact: true })).toBeVisible();
    await expect(page.getByText(/most commonly used passwords/).first()).toBeVisible();
    expect(mailCount(email, 'Confirm')).toBe(0);
  });

  test('a wrong password shows the sign-in failure toast and stays on the page', async ({ page }) => {
    const { email } = await createConfirmedUser(page.request);
    await page.goto('/auth');
    await signInThroughForm(page, email, 'not-the-password');
    await expect(page.getByText('Sign in failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL('/auth');
  });

  test('no inert social sign-in buttons: email is the one way in, and the legal links are there', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
    for (const name of ['Google', 'GitHub', 'Twitter', 'Apple']) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
    await expect(page.getByText(/social sign-in/i)).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
  });
});

test.describe('3/5. protected routes remember where the visitor was going', () => {
  for (const path of ['/dashboard', '/profile', '/admin']) {
    test(`${path} signed out redirects to /auth, replacing history`, async ({ page }) => {
      await page.goto('/about');
      await page.goto(path);
      await expect(page).toHaveURL('/auth');
      await page.goBack();
      await expect(page).toHaveURL('/about');
    });
  }

  test('after signing in the visitor lands on the page they came from', async ({ page }) => {
    const { email, password } = await createConfirmedUser(page.request);
    await page.goto('/about');
    await page.goto('/profile');
    await expect(page).toHaveURL('/auth');
    await signInThroughForm(page, email, password);
    await expect(page).toHaveURL('/profile');
    await page.goBack();
    await expect(page).toHaveURL('/about');
    // A signed-in visitor opening /auth is sent on.
    await page.goto('/auth');
    await expect(page).toHaveURL('/dashboard');
  });

  test('a centred Loading... spinner shows while the session resolves', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/get-session*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
    release();
    await expect(page).toHaveURL('/auth');
  });

  test('a signed-in non-admin sees the not-authorised page at /admin', async ({ page }) => {
    await signedInUser(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Not authorised' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    const api = await page.request.get('/api/admin/access');
    expect(api.status()).toBe(403);
  });

  test('an account listed in ADMIN_EMAILS reaches the admin dashboard', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });
});

test.describe('4. forgot password', () => {
  test('a user resets their password from the emailed link and signs in with the new one', async ({ page }) => {
    const { email, password: oldPassword } = await createConfirmedUser(page.request);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Password reset sent', { exact: true })).toBeVisible();
    await expect(page.getByText('Check your email for the reset link.')).toBeVisible();

    const link = await mailedLink(email, 'Reset');
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    // Same rules as sign-up.
    await page.getByLabel('New password').fill('qwerty123');
    await page.getByLabel('Confirm password').fill('qwerty123');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password reset failed', { exact: true })).toBeVisible();

    const newPassword = 'a-brand-new-passphrase-7';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);

    await signInThroughForm(page, email, oldPassword);
    await expect(page.getByText('Sign in failed', { exact: true })).toBeVisible();
    await signInThroughForm(page, email, newPassword);
    await expect(page).toHaveURL('/dashboard');

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset link not valid' })).toBeVisible();
  });

  test('the request answers the same for an unknown email', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Password reset sent', { exact: true })).toBeVisible();
  });
});

test.describe('6-7. sessions', () => {
  test('the session survives reloads and a browser restart, and Sign Out revokes it', async ({ page, browser }) => {
    await signedInUser(page);
    await page.goto('/dashboard');
    await page.reload();
    await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();

    // A "browser restart": a new context from the saved cookies (they are persistent, not session cookies).
    const state = await page.context().storageState();
    const sessionCookie = state.cookies.find((c) => c.name.endsWith('session_token'));
    expect(sessionCookie?.httpOnly).toBe(true);
    expect(sessionCookie?.sameSite).toBe('Lax');
    expect(sessionCookie!.expires * 1000).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    const restarted = await browser.newContext({ storageState: state });
    const again = loadsUntilHydrated(await restarted.newPage());
    await again.goto('/dashboard');
    await expect(again).toHaveURL('/dashboard');
    await expect(again.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();

    await header(page).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
    await expect(page.getByText("You've been signed out successfully.")).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();

    // The other context still holds the old cookie: the server no longer accepts it.
    const replay = await again.request.get('/api/auth/get-session');
    expect(await replay.json()).toBeNull();
    await again.goto('/dashboard');
    await expect(again).toHaveURL('/auth');
    await restarted.close();
  });

  test('a 429 or a network error asking for the session is not a sign-out: the page stays and says it is retrying', async ({
    page,
  }) => {
    const notice = page.getByText("Can't reach betproof — retrying…");
    const signOut = header(page).getByRole('button', { name: 'Sign Out' });
    await signedInUser(page);
    // The app asks for the session as it hydrates: that lookup must have answered before the next
    // ones are made to fail, or a refocus meanwhile joins it (one request in flight) and fails none.
    const lookedUp = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/get-session');
    await page.goto('/dashboard');
    await lookedUp;
    await expect(signOut).toBeVisible();

    /** The next `n` session lookups fail the way `fail` says; later ones reach the server. */
    const failNext = async (n: number, fail: 'rate limited' | 'server error' | 'network error') => {
      let left = n;
      await page.unroute('**/api/auth/get-session*');
      await page.route('**/api/auth/get-session*', async (route) => {
        if (left <= 0) return route.continue();
        left -= 1;
        if (fail === 'network error') return route.abort('internetdisconnected');
        const status = fail === 'rate limited' ? 429 : 503;
        return route.fulfill({
          status,
          headers: { 'retry-after': '1' },
          json: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait 1 seconds and try again.' },
        });
      });
    };
    /** What a user returning to the tab does: the app asks for the session again. */
    const refocus = () => page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

    for (const fail of ['rate limited', 'server error', 'network error'] as const) {
      await failNext(2, fail);
      await refocus();
      await expect(notice, fail).toBeVisible();
      // Still on the page, still signed in, while it retries ...
      await expect(page).toHaveURL('/dashboard');
      await expect(signOut).toBeVisible();
      // ... until the server answers: the notice goes.
      await expect(notice, fail).toBeHidden({ timeout: 20_000 });
      await expect(page).toHaveURL('/dashboard');
      await expect(signOut).toBeVisible();
    }

    // Opening a page while the server cannot answer, four times in a row (more than a plain query
    // retries): it waits, and says so, instead of sending the visitor to sign in.
    await failNext(4, 'rate limited');
    await page.reload();
    await expect(notice).toBeVisible();
    await expect(page).toHaveURL('/dashboard');
    await expect(notice).toBeHidden({ timeout: 30_000 });
    await expect(page).toHaveURL('/dashboard');
    await expect(signOut).toBeVisible();
  });
});

test.describe('8. not found', () => {
  test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    expect(errors.some((e) => e.includes('/no/such/page'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('an unknown API path answers JSON 404', async ({ request }) => {
    const res = await request.get('/api/no-such-endpoint');
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not Found' });
  });
});

test.describe('9. before the app runs', () => {
  // A slow phone: the page is there, its JavaScript is not yet.
  // Its own page of the context: the `page` fixture waits for the app to take over.
  test.use({ javaScriptEnabled: false });

  test('signing in before the JavaScript has run keeps the password out of the address and comes back to the form', async ({
    context,
  }) => {
    const page = await context.newPage();
    const visited: string[] = [];
    page.on('request', (req) => visited.push(`${req.method()} ${req.url()}`));
    await page.goto('/auth');
    await page.getByLabel('Email').fill('early@example.com');
    await page.getByLabel('Password', { exact: true }).fill('typed-before-the-app-ran');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome to betproof' })).toBeVisible();
    // The browser did send the form (a POST, in its body), and was sent back to the page.
    expect(visited.filter((line) => line.startsWith('POST ')).map((line) => new URL(line.slice(5)).pathname)).toEqual([
      '/auth',
    ]);
    expect(visited.filter((url) => url.includes('typed-before-the-app-ran'))).toEqual([]);
    expect(visited.filter((url) => url.includes('early%40example.com'))).toEqual([]);
  });

  test('the Sign Up and Login tabs open before the JavaScript has run, the rest of the address kept', async ({
    context,
  }) => {
    const page = await context.newPage();
    await page.goto('/auth?next=%2Fdashboard');
    await expect(page.getByRole('tab', { name: 'Sign In', selected: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/auth?next=%2Fdashboard&mode=signup');
    await expect(page.getByRole('tab', { name: 'Sign Up', selected: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/auth?next=%2Fdashboard');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});
