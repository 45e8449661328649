import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FinanceActivity, Project, TimeActivity } from '../contract/responses';
import { screenshot } from './browser';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * The rest of the daily loop of issue 26: the timesheet by keyboard (Edit takes the focus, Escape
 * hands it back, an entry moves to another project), the running entry live on its day, editing
 * an income, and a German page (one date style, the week start, Dashboard in the menu, quick ranges).
 */

const { newPage } = setUpBrowser();

const project = (token: string, name: string) => api<Project>(token, 'POST', '/api/projects', { name });
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName ?? '',
      text: el?.textContent ?? '',
      label: el?.getAttribute('aria-label') ?? '',
    };
  });

describe('the timesheet, by keyboard', () => {
  it('Edit takes the focus, Escape hands it back, and an edit moves the entry to another project', async () => {
    const token = await signUp('Sheet Sam');
    const alpha = await project(token, 'Alpha');
    const beta = await project(token, 'Beta');
    await api(token, 'POST', '/api/timeactivities', {
      projectId: alpha._id,
      activity: 'Review',
      date: `${today()}T00:00:00.000Z`,
      duration: 3_600_000,
    });
    const page = await newPage({ token });
    await page.goto(`${baseUrl}/timesheet`);
    const row = page.locator('.timesheet-day li.row', { hasText: 'Review' });
    // Edit is in the row's menu (issue 34): the menu button, ArrowDown to Edit, Enter.
    const actions = row.getByRole('button', { name: 'More actions for Review' });
    await actions.focus();
    await page.keyboard.press('Enter');
    await row.getByRole('menuitem', { name: /^Mark/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Edit time activity' });
    await form.waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'SELECT' });

    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).label).toBe('More actions for Review');

    await page.keyboard.press('Enter');
    await row.getByRole('menuitem', { name: /^Mark/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await form.getByLabel('Project').selectOption({ label: 'Beta' });
    await form.getByLabel('Task', { exact: true }).press('Enter');
    await form.waitFor({ state: 'detached' });
    await page.locator('.timesheet-day li.row', { hasText: 'Beta' }).waitFor();
    const [a, b] = await Promise.all(
      [alpha, beta].map((p) => api<TimeActivity[]>(token, 'GET', `/api/timeactivities/${p._id}`)),
    );
    expect([a?.length, b?.map((e) => e.activity)]).toEqual([0, ['Review']]);
    const totals = await api<Project[]>(token, 'GET', '/api/projects');
    expect(totals.find((p) => p._id === beta._id)?.totalHours).toBe(3_600_000);
  });

  it('lists the running timer live on its day, counted in the day’s total, and stops it there', async () => {
    const token = await signUp('Live Lou');
    const p = await project(token, 'Live');
    await api(token, 'POST', '/api/timer', { projectId: p._id, activity: 'Streaming' });
    const page = await newPage({ token });
    await page.goto(`${baseUrl}/timesheet`);
    const running = page.getByRole('listitem', { name: 'Running timer: Streaming' });
    await running.waitFor();
    const seconds = async () => {
      const [h = 0, m = 0, s = 0] = ((await running.getByRole('timer').textContent()) ?? '')
        .split(':')
        .map(Number);
      return h * 3600 + m * 60 + s;
    };
    const first = await seconds();
    await expect.poll(seconds, { timeout: 5_000 }).toBeGreaterThan(first);
    await running.getByRole('button', { name: 'Stop' }).click();
    await page
      .locator('.timesheet-day li.row', { hasText: 'Streaming' })
      .getByRole('button', { name: /^Continue/ })
      .waitFor();
    await running.waitFor({ state: 'detached' });
    expect(await api<TimeActivity[]>(token, 'GET', `/api/timeactivities/${p._id}`)).toHaveLength(1);
  });
});

describe('income and expenses', () => {
  it('edits an income from the project’s list and the totals follow', async () => {
    const token = await signUp('Money Mo');
    const p = await project(token, 'Beratung');
    await api(token, 'POST', '/api/financeactivities', {
      projectId: p._id,
      activity: 'Rechnung 7',
      date: `${today()}T00:00:00.000Z`,
      amount: 100,
      expense: false,
    });
    const page = await newPage({ token });
    await page.goto(`${baseUrl}/projectdetails/${p._id}`);
    await page.getByRole('link', { name: /^Edit income of/ }).click();
    await page.getByRole('heading', { name: 'Edit a financial activity' }).waitFor();
    await page.getByLabel('Amount').fill('250.55');
    await page.getByLabel('Amount').press('Enter');
    await page.waitForURL(`${baseUrl}/projectdetails/${p._id}`);
    const [income] = await api<FinanceActivity[]>(token, 'GET', `/api/financeactivities/${p._id}`);
    expect(income?.amount).toBe(250.55);
    const [saved] = await api<Project[]>(token, 'GET', '/api/projects');
    expect(saved?.totalIncome).toBe(250.55);
  });
});

describe('a German page', () => {
  it('shows dates one way, starts the week on the chosen day, has the Dashboard in the menu and quick ranges', async () => {
    const token = await signUp('Deutsch Dora');
    await api(token, 'POST', '/api/usersettings', { language: 'de' });
    const p = await project(token, 'Kanzlei');
    await api(token, 'POST', '/api/timeactivities', {
      projectId: p._id,
      activity: 'Akten',
      date: `${today()}T00:00:00.000Z`,
      duration: 1_800_000,
    });
    const page = await newPage({ token, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    await page.goto(`${baseUrl}/settings`);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/usersettings') && r.ok());
    await page.getByLabel('Woche beginnt am').selectOption({ label: 'Sonntag' });
    await saved;

    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    await menu.getByRole('link', { name: 'Stundenzettel' }).click();
    const days = page.locator('.timesheet-day h2 > span:first-child');
    await days.first().waitFor();
    const headings = await days.allTextContents();
    expect(headings[0]).toMatch(/^So\., \d{1,2}\. \S+$/);
    for (const h of headings) expect(h).toMatch(/^(Mo|Di|Mi|Do|Fr|Sa|So)\., \d{1,2}\. \S+$/);

    await page.goto(`${baseUrl}/projectdetails/${p._id}`);
    const rowDate = await page.locator('.activity-lists .row-date').first().textContent();
    expect(rowDate).toMatch(/^\d{2}\. \S+ \d{4}$/);

    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Dieser Monat' }).click();
    expect(await page.getByLabel('Von').inputValue()).toBe(`${today().slice(0, 8)}01`);
    await page.getByRole('button', { name: 'Seit dem ersten Eintrag' }).click();
    await expect.poll(() => page.getByLabel('Von').inputValue()).toBe(today());
    await screenshot(page, 'dashboard-quick-ranges-de');
  });
});
