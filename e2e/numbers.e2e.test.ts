import { describe, expect, it } from 'vitest';
import type { FinanceActivity, Project } from '../contract/responses';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * Issue 34, item 1: money typed with either decimal mark is read as the user's number format reads
 * it, the field says what it understood, and what it cannot read is refused with nothing stored —
 * in an English browser ("59,90" was saved as 5,990 by a number input) and in German.
 */

const { newPage } = setUpBrowser();

const cases = [
  {
    language: 'en',
    numberFormat: 'en-US',
    width: 1366,
    typed: '59,90',
    stored: 59.9,
    understood: 'Understood as 59.90.',
    heading: 'Track an income for a project',
    amount: 'Amount',
    save: 'Save and close',
    unreadable: /not a number we can read/,
  },
  {
    language: 'de',
    numberFormat: 'de-DE',
    width: 390,
    typed: '1.234,56',
    stored: 1234.56,
    understood: 'Verstanden als 1.234,56.',
    heading: 'Einnahme für ein Projekt erfassen',
    amount: 'Betrag',
    save: 'Speichern und schließen',
    unreadable: /Diese Zahl können wir nicht lesen/,
  },
] as const;

describe('money typed with either decimal mark', () => {
  for (const c of cases) {
    it(`reads "${c.typed}" as ${c.stored} for ${c.numberFormat} at ${c.width} px, and refuses "12,3,4"`, async () => {
      const token = await signUp('Comma Carla');
      await api(token, 'POST', '/api/usersettings', { language: c.language, numberFormat: c.numberFormat });
      const project = await api<Project>(token, 'POST', '/api/projects', { name: 'Shop' });
      const page = await newPage({ token, width: c.width, height: 800, touch: c.width < 500 });
      await page.goto(`${baseUrl}/newincomeactivity/${project._id}`);
      await page.getByRole('heading', { name: c.heading }).waitFor();
      const amount = page.getByLabel(c.amount, { exact: true });

      await amount.fill('12,3,4');
      await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
      await page.getByText(c.unreadable).waitFor();
      await page.getByRole('button', { name: c.save }).click();
      await page.getByRole('alert').waitFor();
      const list = () => api<FinanceActivity[]>(token, 'GET', `/api/financeactivities/${project._id}`);
      expect(await list()).toEqual([]);

      await amount.fill(c.typed);
      await page.getByText(c.understood).waitFor();
      await page.getByRole('button', { name: c.save }).click();
      await page.waitForURL(/\/home$/);
      expect((await list()).map((e) => e.amount)).toEqual([c.stored]);
    });
  }
});
