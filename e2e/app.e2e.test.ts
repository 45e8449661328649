import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { launch, SCREENSHOTS, screenshot, seriousViolations } from './browser';

const baseUrl = inject('baseUrl');
const sesUrl = inject('sesUrl');
const PASSWORD = 'correct-horse-battery';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

let counter = 0;
function uniqueEmail(tag: string): string {
  counter += 1;
  return `e2e-${tag}-${Date.now()}-${counter}@example.com`;
}

/** Registers a fresh user through the API; answers its token. */
async function signUpViaApi(name: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function apiCall<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'x-auth-token': token, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.ok, `${method} ${path} → ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

async function newPage(options: { width?: number; height?: number; dark?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    reducedMotion: 'reduce',
    // 24-hour time inputs, as the app shows times (HH:mm).
    locale: 'en-GB',
  });
  contexts.push(context);
  if (options.dark === false) {
    await context.addInitScript(() => localStorage.setItem('darkMode', 'false'));
  }
  const page = await context.newPage();
  // A failing test leaves a picture and the page's text behind for whoever reads the log.
  onTestFailed(async ({ task }) => {
    const name = `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}-${contexts.length}`;
    await screenshot(page, name).catch(() => {});
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    console.error(`${name} at ${page.url()}:\n${text.slice(0, 1000)}`);
  });
  return page;
}

/** Opens the app with a session token already stored, as after a login on an earlier visit. */
async function openSignedIn(page: Page, token: string, path: string): Promise<void> {
  // A same-origin file that runs no app: on an app page the token could appear in storage before
  // a lazily loaded screen mounts — on /loggedout, which would end that very session.
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(`${baseUrl}${path}`);
}

async function login(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The full-page screenshot of the suite plus a 1280×800 viewport one small enough for the README. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => {});
  await screenshot(page, name);
  const dir = join(SCREENSHOTS, 'viewport');
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

interface SesEmail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
}

async function mailTo(email: string): Promise<SesEmail> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const store = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: SesEmail[] };
    const found = store.emails.find((e) => e.destination.to.some((to) => to.includes(email)));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no email to ${email} within 15 s`);
}

describe('accounts in the browser', () => {
  it('signs up through the form, then confirms the address from the emailed link', async () => {
    const page = await newPage();
    const email = uniqueEmail('signup');
    await page.goto(`${baseUrl}/signup`);

    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Name is required').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Please read and agree with the above').isVisible()).resolves.toBe(true);

    await page.getByLabel('Name').fill('Erin Example');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel(/agree with the terms/).check();
    await page.getByLabel('I am at least 18 years old').check();
    await page.getByRole('button', { name: 'Sign up' }).click();

    await page.getByRole('heading', { name: 'Welcome, Erin Example!' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByText('FREE').isVisible()).resolves.toBe(true);
    await page.getByText(/Please confirm your email address/).waitFor();

    const mail = await mailTo(email);
    const body = `${mail.body.html ?? ''} ${mail.body.text ?? ''}`;
    const token = /\/confirmemail\/([A-Za-z0-9_.~%-]+)/i.exec(body)?.[1];
    expect(token, 'confirmation link in the email').toBeTruthy();
    await page.goto(`${baseUrl}/confirmemail/${token}`);
    await page.getByText('Thank you! Your email address has been confirmed.').waitFor();
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByRole('heading', { name: 'Welcome, Erin Example!' }).waitFor();
    await expect(page.getByText(/Please confirm your email address/).count()).resolves.toBe(0);
  });

  it('resets a forgotten password through the emailed link and logs in with the new one', async () => {
    const page = await newPage();
    const email = uniqueEmail('reset');
    await signUpViaApi('Finn Forgetful', email);
    await page.goto(baseUrl);
    await page.getByRole('link', { name: 'Forgot password?' }).click();

    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('An email has been sent to that address').waitFor();

    const deadline = Date.now() + 15_000;
    let link: string | undefined;
    while (!link && Date.now() < deadline) {
      const store = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: SesEmail[] };
      for (const mail of store.emails) {
        if (!mail.destination.to.some((to) => to.includes(email))) continue;
        link ??= /\/resetpassword\/([A-Za-z0-9_.~%-]+)/i.exec(
          `${mail.body.html ?? ''} ${mail.body.text ?? ''}`,
        )?.[0];
      }
      if (!link) await new Promise((r) => setTimeout(r, 250));
    }
    expect(link, 'reset link in the email').toBeTruthy();
    await page.goto(`${baseUrl}${link}`);

    const newPassword = 'a-brand-new-password';
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Please make sure that your passwords match').waitFor();
    await page.getByLabel('Repeat new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Your password has been reset!').waitFor();

    await page.getByRole('link', { name: 'Log in with your new password' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Finn Forgetful!' }).waitFor();
  });

  it('remembers the page a signed-out visitor asked for and uses it once after login', async () => {
    const page = await newPage();
    const email = uniqueEmail('redirect');
    await signUpViaApi('Rita Redirect', email);

    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await login(page, email);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');

    // The goodbye shows at once (a logout works offline too); the server's answer comes after it.
    const endedOnServer = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/logout') && r.request().method() === 'POST',
    );
    await page.getByRole('link', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Goodbye!' }).waitFor();
    expect((await endedOnServer).status()).toBe(204);
    await page.getByRole('link', { name: 'Login' }).click();
    await login(page, email);
    await page.getByRole('heading', { name: 'Welcome, Rita Redirect!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows the login failure message for a wrong password, typed with the keyboard only', async () => {
    const page = await newPage();
    const email = uniqueEmail('wrong');
    await signUpViaApi('Wanda Wrong', email);
    await page.goto(baseUrl);
    // Keyboard only: Tab from the email to the password, Enter submits.
    await page.getByLabel('Email').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await page.getByText('Login failed. Please check your login credentials').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
  });

  it('signs in to the demo account with the demo button, and from there signs up', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/home`);
    await page.getByText(/reset often/).waitFor();
    await page.getByRole('button', { name: 'Try the demo account' }).click();
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByText(/You are using the shared demo account/).waitFor();

    // From the demo straight to an account of one's own.
    await page.getByRole('link', { name: 'create your own account' }).click();
    await page.getByLabel('Name').fill('Dana Former-Demo');
    await page.getByLabel('Email').fill(uniqueEmail('from-demo'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel(/agree with the terms/).check();
    await page.getByLabel('I am at least 18 years old').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Welcome, Dana Former-Demo!' }).waitFor();
    await expect(page.getByText(/shared demo account/).count()).resolves.toBe(0);
  });

  it('changes the currency in the settings, keeps it after a reload, exports the data and logs out to /loggedout', async () => {
    const page = await newPage();
    const email = uniqueEmail('settings');
    const token = await signUpViaApi('Sam Settings', email);
    await openSignedIn(page, token, '/settings');

    const currency = page.getByLabel('Currency', { exact: true });
    await currency.selectOption('CHF');
    await page.getByText('Your settings have been saved.').waitFor();
    const saved = await apiCall<{ currency: string }>(token, 'GET', '/api/auth');
    expect(saved.currency).toBe('CHF');

    await page.reload();
    await expect(page.getByLabel('Currency', { exact: true }).inputValue()).resolves.toBe('CHF');
    await expect(page.getByRole('checkbox', { name: /Show powered by/ }).isDisabled()).resolves.toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sam-settings-data.json');
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { user: { email: string } };
    expect(exported.user.email).toBe(email);

    // The goodbye shows at once (a logout works offline too); the server's answer comes after it.
    const endedOnServer = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/logout') && r.request().method() === 'POST',
    );
    await page.getByRole('link', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Goodbye!' }).waitFor();
    expect((await endedOnServer).status()).toBe(204);
    expect(new URL(page.url()).pathname).toBe('/loggedout');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    await expect(page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
  });
});

describe('sessions in the browser', () => {
  it('logs out: the server refuses the old token, other devices stay in, and nothing of the account stays in the browser', async () => {
    const page = await newPage();
    const email = uniqueEmail('logout');
    const otherDevice = await signUpViaApi('Lou Logout', email);
    await page.goto(baseUrl);
    await login(page, email);
    await page.getByRole('heading', { name: 'Welcome, Lou Logout!' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    // A running timer kept in this browser, as the track-time page keeps it.
    await page.evaluate(() =>
      localStorage.setItem('timeledger.timer', JSON.stringify({ startedAt: Date.now() - 60_000 })),
    );

    // The goodbye shows at once (a logout works offline too); the server's answer comes after it.
    const endedOnServer = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/logout') && r.request().method() === 'POST',
    );
    await page.getByRole('link', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Goodbye!' }).waitFor();
    expect((await endedOnServer).status()).toBe(204);

    const stored = await page.evaluate(() => {
      const entries: Record<string, string | null> = {};
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) as string;
        entries[key] = localStorage.getItem(key);
      }
      return { entries, session: sessionStorage.length };
    });
    // Only the device's theme choice may stay.
    expect(Object.keys(stored.entries).filter((key) => key !== 'darkMode')).toEqual([]);
    expect(JSON.stringify(stored.entries)).not.toContain(email);
    expect(stored.session).toBe(0);
    const refused = await fetch(`${baseUrl}/api/auth`, { headers: { 'x-auth-token': token as string } });
    expect(refused.status).toBe(401);
    const still = await fetch(`${baseUrl}/api/auth`, { headers: { 'x-auth-token': otherDevice } });
    expect(still.status).toBe(200);
    // A reload shows the signed-out app, not the account.
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
  });

  it('changes the password in the settings, stays signed in, and logs in with the new one', async () => {
    const page = await newPage();
    const email = uniqueEmail('password');
    const oldToken = await signUpViaApi('Pat Password', email);
    await openSignedIn(page, oldToken, '/settings');

    const newPassword = 'a-fresh-and-uncommon-secret';
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByText('Your password has been changed. Your other devices have been logged out.')
      .waitFor();

    // This browser carries on with a new token; the old one is refused.
    await page.reload();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect((await fetch(`${baseUrl}/api/auth`, { headers: { 'x-auth-token': oldToken } })).status).toBe(401);

    // The goodbye shows at once (a logout works offline too); the server's answer comes after it.
    const endedOnServer = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/logout') && r.request().method() === 'POST',
    );
    await page.getByRole('link', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Goodbye!' }).waitFor();
    expect((await endedOnServer).status()).toBe(204);
    await page.getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Login failed. Please check your login credentials').waitFor();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Pat Password!' }).waitFor();
  });
});

describe('accessibility and layout', () => {
  it('has no serious or critical axe violations on the start, signup, settings, welcome and upgrade pages', async () => {
    for (const dark of [true, false]) {
      const page = await newPage({ dark });
      await page.goto(baseUrl);
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      expect(await seriousViolations(page), `start page, dark=${dark}`).toEqual([]);

      await page.goto(`${baseUrl}/signup`);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByText('Name is required').waitFor();
      expect(await seriousViolations(page), `signup page with errors, dark=${dark}`).toEqual([]);

      const token = await signUpViaApi('Alex Axe', uniqueEmail('axe'));
      await openSignedIn(page, token, '/settings');
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      expect(await seriousViolations(page), `settings page, dark=${dark}`).toEqual([]);

      for (const [path, heading] of [
        ['/home', /^Welcome/],
        ['/subscribe', /Upgrade to premium/],
      ] as const) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole('heading', { name: heading }).waitFor();
        expect(await seriousViolations(page), `${path}, dark=${dark}`).toEqual([]);
      }
    }
  });

  it('folds the menu behind a Menu button on a phone and fits the screen', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(baseUrl);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).resolves.toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Menu' }).count()).resolves.toBe(0);
    await shot(page, 'phone-start');

    const token = await signUpViaApi('Pia Phone', uniqueEmail('phone'));
    await openSignedIn(page, token, '/home');
    await page.getByRole('heading', { name: 'Welcome, Pia Phone!' }).waitFor();

    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu.isVisible()).resolves.toBe(true);
    await shot(page, 'phone-menu-open');
    await menu.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await expect(menu.isVisible()).resolves.toBe(false);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'phone-settings');
  });
});

describe('screenshots', () => {
  it('captures the main screens in dark and light mode', async () => {
    const shotsEmail = uniqueEmail('shots');
    const token = await signUpViaApi('Morgan Screens', shotsEmail);
    // A confirmed address, as most accounts in the pictures would have.
    const confirmMail = await mailTo(shotsEmail);
    const confirmToken = /\/confirmemail\/([A-Za-z0-9_.~%-]+)/i.exec(
      `${confirmMail.body.html ?? ''} ${confirmMail.body.text ?? ''}`,
    )?.[1];
    expect((await fetch(`${baseUrl}/api/confirmemail/${confirmToken}`)).status).toBe(200);
    // Some data so the tracking screens have something to show (when they exist).
    const project = await apiCall<{ _id: string }>(token, 'POST', '/api/projects', {
      name: 'Website redesign',
      description: 'New site for a bakery',
    });
    const day = new Date();
    for (let i = 0; i < 6; i++) {
      const date = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - i, 10)).toISOString();
      await apiCall(token, 'POST', '/api/timeactivities', {
        projectId: project._id,
        activity: i % 2 ? 'Design' : 'Development',
        description: 'Sprint work',
        date,
        startTime: null,
        endTime: null,
        duration: (2 + i) * 3_600_000,
      });
      await apiCall(token, 'POST', '/api/financeactivities', {
        projectId: project._id,
        activity: 'Invoice',
        description: `Month ${i + 1}`,
        date,
        amount: 450 + i * 25,
        expense: false,
        notes: '',
      });
    }

    for (const dark of [true, false]) {
      const mode = dark ? 'dark' : 'light';
      const page = await newPage({ dark });
      await page.goto(baseUrl);
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await expect(page.evaluate(() => document.documentElement.className)).resolves.toBe(mode);
      await shot(page, `start-${mode}`);

      await openSignedIn(page, token, '/home');
      await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
      await shot(page, `welcome-${mode}`);

      await page.goto(`${baseUrl}/settings`);
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      await shot(page, `settings-${mode}`);

      await page.goto(`${baseUrl}/subscribe`);
      await page.getByText('Coming soon!').waitFor();
      await shot(page, `subscribe-${mode}`);

      for (const [name, path] of [
        ['dashboard', '/dashboard'],
        ['project-details', `/projectdetails/${project._id}`],
        ['track-time', '/tracktimeactivity'],
      ] as const) {
        await page.goto(`${baseUrl}${path}`);
        await page.waitForLoadState('networkidle').catch(() => {});
        await page.waitForTimeout(500);
        await shot(page, `${name}-${mode}`);
      }
    }
  });
});
