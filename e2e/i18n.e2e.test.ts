import { copyFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { launch, SCREENSHOTS, screenshot } from './browser';

const baseUrl = inject('baseUrl');
const PASSWORD = 'correct-horse-battery';
/** The German screenshots the README links. */
const DOCS = resolve(import.meta.dirname, '../docs/screenshots/de');

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
const uniqueEmail = (tag: string) => `e2e-i18n-${tag}-${Date.now()}-${++counter}@example.com`;

async function api<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.ok, `${method} ${path} → ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

async function newPage(locale: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    locale,
  });
  contexts.push(context);
  const page = await context.newPage();
  onTestFailed(async ({ task }) => {
    const name = `failed-i18n-${task.name.replace(/\W+/g, '-').slice(0, 50)}-${contexts.length}`;
    await screenshot(page, name).catch(() => {});
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    console.error(`${name} at ${page.url()}:\n${text.slice(0, 1000)}`);
  });
  return page;
}

async function openSignedIn(page: Page, token: string, path: string): Promise<void> {
  // A same-origin file that runs no app: on an app page the token could appear in storage before
  // a lazily loaded screen mounts — on /loggedout, which would end that very session.
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(`${baseUrl}${path}`);
}

describe('German', () => {
  it('is chosen in the settings, speaks in the menu, a form and a toast, and stays after a reload', async () => {
    const { token } = await api<{ token: string }>(null, 'POST', '/api/users', {
      name: 'Grete Berger',
      email: uniqueEmail('switch'),
      password: PASSWORD,
    });
    // An English browser: the app starts in English until the user chooses.
    const page = await newPage('en-GB');
    await openSignedIn(page, token, '/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');

    await expect(
      page.getByRole('status').getByText('Ihre Einstellungen wurden gespeichert.').waitFor(),
    ).resolves.toBe(undefined);
    await page.getByRole('heading', { name: 'Einstellungen', level: 1 }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    for (const link of ['Startseite', 'Projekte', 'Einstellungen', 'Upgrade', 'Abmelden']) {
      await menu.getByRole('link', { name: link }).waitFor();
    }
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await api<{ language: string }>(token, 'GET', '/api/auth')).toMatchObject({ language: 'de' });

    // A form's own validation messages.
    await page.goto(`${baseUrl}/resetpassword/some-token`);
    await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
    await page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein').waitFor();
    await page.getByText('Bitte geben Sie Ihr Passwort ein').waitFor();
    await expect(
      page.getByLabel('Neues Passwort', { exact: true }).getAttribute('aria-invalid'),
    ).resolves.toBe('true');

    await page.goto(`${baseUrl}/settings`);
    await page.reload();
    await page.getByRole('heading', { name: 'Einstellungen', level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('link', { name: 'Projekte' })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.getByRole('combobox', { name: 'Sprache' }).inputValue()).toBe('de');
  });

  it('greets a German browser on the signed-out start page in German', async () => {
    const page = await newPage('de-DE');

    await page.goto(baseUrl);

    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await page.getByRole('button', { name: 'Demokonto ausprobieren' }).waitFor();
    await page.getByRole('link', { name: 'Passwort vergessen?' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.title()).toBe('Anmelden · Timeledger');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein').waitFor();

    // The server's refusal (400 INVALID_CREDENTIALS, "Invalid Credentials") in German.
    await page.getByLabel('E-Mail', { exact: true }).fill(uniqueEmail('nobody'));
    await page.getByLabel('Passwort', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Anmeldung fehlgeschlagen. Bitte prüfen Sie Ihre Zugangsdaten').waitFor();
    await expect(page.getByText('Invalid Credentials').count()).resolves.toBe(0);
  });

  it('captures the main screens in German for the README', async () => {
    const { token } = await api<{ token: string }>(null, 'POST', '/api/users', {
      name: 'Grete Berger',
      email: uniqueEmail('shots'),
      password: PASSWORD,
    });
    await api(token, 'POST', '/api/usersettings', { language: 'de', currency: 'EUR', numberFormat: 'de-DE' });
    const project = await api<{ _id: string }>(token, 'POST', '/api/projects', {
      name: 'Website-Relaunch',
      description: 'Neue Website für eine Bäckerei',
    });
    const today = new Date();
    for (let i = 0; i < 6; i++) {
      const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - i, 10)).toISOString();
      await api(token, 'POST', '/api/timeactivities', {
        projectId: project._id,
        activity: i % 2 ? 'Gestaltung' : 'Entwicklung',
        description: 'Sprint',
        date,
        startTime: null,
        endTime: null,
        duration: (2 + i) * 3_600_000,
      });
      await api(token, 'POST', '/api/financeactivities', {
        projectId: project._id,
        activity: 'Rechnung',
        description: `Monat ${i + 1}`,
        date,
        amount: 450 + i * 25,
        expense: false,
        notes: '',
      });
    }
    await mkdir(DOCS, { recursive: true });
    const page = await newPage('de-DE');
    const save = async (name: string) => {
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.waitForTimeout(500);
      const file = await screenshot(page, `de-${name}`);
      await page.screenshot({ path: join(SCREENSHOTS, `de-${name}-viewport.png`) });
      await copyFile(join(SCREENSHOTS, `de-${name}-viewport.png`), join(DOCS, `${name}.png`));
      return file;
    };

    // A chart's months come from the API as `2026-11` and are named in German (`Nov. 2026`).
    const thisMonth = new Intl.DateTimeFormat('de', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 10)));
    const english = new Intl.DateTimeFormat('en-GB', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 10)));
    const lastMonthDay = new Intl.DateTimeFormat('de', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 10)));

    await page.goto(baseUrl);
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await save('start');
    await openSignedIn(page, token, '/home');
    await page.getByRole('heading', { name: 'Willkommen, Grete Berger!' }).waitFor();
    await save('welcome');
    for (const [name, path, heading] of [
      ['dashboard', '/dashboard', 'Dashboard'],
      ['projects', '/projects', 'Projekte'],
      ['timesheet', '/timesheet', 'Stundenzettel'],
      ['project-details', `/projectdetails/${project._id}`, 'Projekt bearbeiten'],
      ['track-time', '/tracktimeactivity', 'Zeit für ein Projekt erfassen'],
      ['settings', '/settings', 'Einstellungen'],
      ['subscribe', '/subscribe', 'Auf Premium upgraden'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      if (name === 'dashboard') {
        const timeTracked = page.getByRole('figure', { name: 'Erfasste Zeit', exact: true });
        await timeTracked
          .getByRole('rowheader', { name: thisMonth, exact: true })
          .waitFor({ state: 'attached' });
        await expect(timeTracked.getByText(english, { exact: true }).count()).resolves.toBe(0);
      }
      if (name === 'project-details') {
        // Dates in lists with German month names (`10. Okt. 2026`), not English ones.
        await page.getByText(lastMonthDay).first().waitFor();
      }
      await save(name);
    }
  });
});
