import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SCREENSHOTS, screenshot, seriousViolations } from './browser';
import {
  api,
  baseUrl,
  openSignedIn,
  PASSWORD,
  type PageOptions,
  seedHistory,
  setUpBrowser,
  signUp,
  uniqueEmail,
} from './session';

const sesUrl = inject('sesUrl');
const browser = setUpBrowser();

/** A page of its own; 24-hour time inputs (en-GB), as the app shows times (HH:mm). */
const newPage = (options: PageOptions = {}) => browser.newPage({ locale: 'en-GB', ...options });

async function login(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The full-page screenshot of the suite plus a 1280×800 viewport one small enough for docs/screenshots.md. */
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
    await signUp('Finn Forgetful', email);
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
    await signUp('Rita Redirect', email);

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
    await signUp('Wanda Wrong', email);
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
    const token = await signUp('Sam Settings', email);
    await openSignedIn(page, token, '/settings');

    const currency = page.getByLabel('Currency', { exact: true });
    await currency.selectOption('CHF');
    await page.getByText('Your settings have been saved.').waitFor();
    const saved = await api<{ currency: string }>(token, 'GET', '/api/auth');
    expect(saved.currency).toBe('CHF');

    await page.reload();
    await expect(page.getByLabel('Currency', { exact: true }).inputValue()).resolves.toBe('CHF');
    await expect(page.getByRole('checkbox', { name: /Show powered by/ }).isDisabled()).resolves.toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export my data', exact: true }).click(),
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
    const otherDevice = await signUp('Lou Logout', email);
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
    // Only the device's theme and language may stay (the login page keeps the language: issue 34).
    expect(Object.keys(stored.entries).filter((key) => key !== 'darkMode' && key !== 'language')).toEqual([]);
    expect([undefined, 'en']).toContain(stored.entries.language ?? undefined);
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
    const oldToken = await signUp('Pat Password', email);
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

      const token = await signUp('Alex Axe', uniqueEmail('axe'));
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

    const token = await signUp('Pia Phone', uniqueEmail('phone'));
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
    const token = await signUp('Morgan Screens', shotsEmail);
    // A confirmed address, as most accounts in the pictures would have.
    const confirmMail = await mailTo(shotsEmail);
    const confirmToken = /\/confirmemail\/([A-Za-z0-9_.~%-]+)/i.exec(
      `${confirmMail.body.html ?? ''} ${confirmMail.body.text ?? ''}`,
    )?.[1];
    expect((await fetch(`${baseUrl}/api/confirmemail/${confirmToken}`)).status).toBe(200);
    const project = await seedHistory(token, {
      project: 'Website redesign',
      projectDescription: 'New site for a bakery',
      tasks: ['Development', 'Design'],
      subTask: 'Sprint work',
      invoice: 'Invoice',
      month: (n) => `Month ${n}`,
    });

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
