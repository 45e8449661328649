import { copyFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS, screenshot } from './browser';
import { api, baseUrl, openSignedIn, seedHistory, setUpBrowser, signUp, uniqueEmail } from './session';

/** The German screenshots docs/screenshots.md links. */
const DOCS = resolve(import.meta.dirname, '../docs/screenshots/de');

const browser = setUpBrowser();
const newPage = (locale: string) => browser.newPage({ locale });

describe('German', () => {
  it('is chosen in the settings, speaks in the menu, a form and a toast, and stays after a reload', async () => {
    const token = await signUp('Grete Berger', uniqueEmail('i18n-switch'));
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

  it('brings the German number format with German, and keeps German on the login page after logout', async () => {
    // Issue 34, item 11: an English browser, a user who chooses German and has never set a format.
    const token = await signUp('Grete Berger', uniqueEmail('i18n-logout'));
    const page = await newPage('en-US');
    await openSignedIn(page, token, '/settings');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('heading', { name: 'Einstellungen', level: 1 }).waitFor();

    // The number format followed the language: €2.470,00, not €2,470.00.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Zahlenformat' }).inputValue(), { timeout: 10_000 })
      .toBe('de-DE');
    expect(await api<{ numberFormat: string }>(token, 'GET', '/api/auth')).toMatchObject({
      numberFormat: 'de-DE',
    });

    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Abmelden' }).click();
    await page.getByRole('heading', { name: 'Auf Wiedersehen!' }).waitFor();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.reload();
    await page.getByRole('button', { name: 'Demokonto ausprobieren' }).waitFor();
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
    await page.getByLabel('E-Mail', { exact: true }).fill(uniqueEmail('i18n-nobody'));
    await page.getByLabel('Passwort', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Anmeldung fehlgeschlagen. Bitte prüfen Sie Ihre Zugangsdaten').waitFor();
    await expect(page.getByText('Invalid Credentials').count()).resolves.toBe(0);
  });

  it('captures the main screens in German for docs/screenshots.md', async () => {
    const token = await signUp('Grete Berger', uniqueEmail('i18n-shots'));
    await api(token, 'POST', '/api/usersettings', { language: 'de', currency: 'EUR', numberFormat: 'de-DE' });
    const project = await seedHistory(token, {
      project: 'Website-Relaunch',
      projectDescription: 'Neue Website für eine Bäckerei',
      tasks: ['Entwicklung', 'Gestaltung'],
      subTask: 'Sprint',
      invoice: 'Rechnung',
      month: (n) => `Monat ${n}`,
    });
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
    const today = new Date();
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
