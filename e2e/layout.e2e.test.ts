import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Project } from '../contract/responses';
import { SCREENSHOTS, screenshot } from './browser';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * Issue 34, items 3 and 4: the timesheet, the invoice list and the quick-entry bar at 390 px (a
 * phone, touch) and 1366 px, in English and German. Fails on any sideways scrolling, on a text
 * column squeezed to nothing, or on a running timer that fills a phone or scrolls away.
 */

const { newPage } = setUpBrowser();

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A user in `language` with long words everywhere: entries today, a running timer and an invoice. */
async function seed(language: 'en' | 'de'): Promise<string> {
  const token = await signUp('Layout Lena');
  await api(token, 'POST', '/api/usersettings', {
    language,
    numberFormat: language === 'de' ? 'de-DE' : 'en-US',
  });
  const client = await api<{ _id: string }>(token, 'POST', '/api/clients', {
    name: 'Donaudampfschifffahrtsgesellschaft mbH & Co. KG',
  });
  const project = await api<Project>(token, 'POST', '/api/projects', {
    name: 'Kundenportal-Neugestaltung Sonnenblume',
    clientId: client._id,
    hourlyRate: 80,
  });
  for (const [activity, billable] of [
    ['Anforderungsanalyse und Abstimmungsgespräch mit der Fachabteilung', true],
    ['Qualitätssicherung', false],
  ] as const) {
    await api(token, 'POST', '/api/timeactivities', {
      projectId: project._id,
      activity,
      description: 'Überarbeitung der Benutzeroberfläche',
      date: `${today()}T00:00:00.000Z`,
      duration: 5_400_000,
      billable,
    });
  }
  await api(token, 'POST', '/api/invoices', {
    clientId: client._id,
    startdate: today(),
    enddate: today(),
    taxRate: 19,
    reverseCharge: false,
    notes: '',
  });
  await api(token, 'POST', '/api/timer', {
    projectId: project._id,
    activity: 'Workshop-Vorbereitung mit langem Titel für die Kundschaft',
  });
  return token;
}

/** How far the page scrolls sideways (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const language of ['en', 'de'] as const) {
  for (const width of [390, 1366]) {
    const phone = width < 500;
    describe(`${language}, ${width} px`, () => {
      it('timesheet, invoice list and quick-entry bar fit the width, and each entry’s text has room', async () => {
        const token = await seed(language);
        const page = await newPage({ token, width, height: phone ? 844 : 900, touch: phone });
        await page.goto(`${baseUrl}/timesheet`);
        const rows = page.locator('.timesheet-day li.row:not(.running-row)');
        await rows.first().waitFor();
        await expect.poll(() => rows.count()).toBe(2);
        expect(await overflow(page)).toBe(0);
        const textWidths = await rows
          .locator('.row-title')
          .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
        for (const w of textWidths) expect(w).toBeGreaterThanOrEqual(phone ? 120 : 300);
        const actions = rows
          .first()
          .getByRole('button', { name: language === 'de' ? /^Weitere Aktionen/ : /^More actions/ });
        await actions.click();
        const menu = page.getByRole('menu');
        await menu.waitFor();
        const box = await menu.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
        await page.keyboard.press('Escape');
        await screenshot(page, `timesheet-${language}-${width}`);
        if (phone) {
          // What a phone shows of the day's entries (the README's phone screenshot).
          await rows.first().scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(SCREENSHOTS, `timesheet-${language}-${width}-viewport.png`) });
        }

        // The quick-entry bar: inside the width; on a phone a running timer is one compact line
        // that stays on screen while the page scrolls.
        const bar = page.locator('.quick-entry');
        const barBox = await bar.boundingBox();
        expect(barBox && barBox.x >= 0 && barBox.x + barBox.width <= width).toBe(true);
        if (phone) {
          expect(barBox?.height ?? 999).toBeLessThanOrEqual(844 * 0.15);
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const timer = page.locator('.running-timer');
          await expect.poll(async () => (await timer.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
          expect((await timer.boundingBox())?.y ?? 999).toBeLessThan(80);
        }

        await page.goto(`${baseUrl}/invoices`);
        await page.locator('.invoice-table tbody tr').first().waitFor();
        expect(await overflow(page)).toBe(0);
        // Every value of an invoice has room: its number, client, period, status and total are each
        // wider than a letter (a long client name once squeezed the number into a 1-letter column).
        const cellWidths = await page
          .locator('.invoice-table tbody td')
          .evaluateAll((els) => els.map((el) => (el.firstElementChild ?? el).getBoundingClientRect().width));
        for (const w of cellWidths) expect(w).toBeGreaterThanOrEqual(24);
        await screenshot(page, `invoices-${language}-${width}`);
        if (phone)
          await page.screenshot({ path: join(SCREENSHOTS, `invoices-${language}-${width}-viewport.png`) });
      });
    });
  }
}
