import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Project, TimeActivity } from '../contract/responses';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * Issue 34, items 5–7, the actions that lost work: '…Add new project' inside the entry form, Discard
 * beside Stop, the day after 'Save and clear', where the focus goes after a save or a stop, and `s`
 * inside a text field.
 */

const { newPage } = setUpBrowser();

const project = (token: string, name: string) => api<Project>(token, 'POST', '/api/projects', { name });
const timerOf = (token: string) => api<{ running: boolean }>(token, 'GET', '/api/timer');
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName ?? '', label: el?.getAttribute('aria-label') ?? '', id: el?.id ?? '' };
  });
/** The accessible name's label of the focused field, found through its <label for>. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el?.id) return el?.getAttribute('aria-label') ?? el?.tagName ?? '';
    return document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent ?? el.tagName;
  });
const daysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('the track-time form keeps what was typed', () => {
  it('…Add new project creates and picks it without a reload; Save and clear keeps the day and hands the focus to Task', async () => {
    const token = await signUp('Backfill Bea');
    await project(token, 'Existing');
    const page = await newPage({ token, width: 1366, height: 900 });
    await page.goto(`${baseUrl}/tracktimeactivity`);
    await page.getByRole('heading', { name: 'Track time for a project' }).waitFor();
    const form = page.locator('form.entry-form');
    const task = form.getByLabel('Task', { exact: true });
    await task.fill('Interview');
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    await form.getByRole('button', { name: /^Project/ }).click();
    await page.getByRole('option', { name: '...Add new project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create project' });
    await dialog.getByLabel('Project name').fill('Podcast');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await form.getByRole('button', { name: /Podcast/ }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(await task.inputValue()).toBe('Interview');
    const projects = await api<Project[]>(token, 'GET', '/api/projects');
    const podcast = projects.find((p) => p.name === 'Podcast');
    expect(podcast).toBeDefined();
    await dialog.waitFor({ state: 'detached' });

    // Back-filling: the day picked stays for the next entry, and the cursor is at Task again.
    const day = daysAgo(3);
    await form.getByLabel('Date', { exact: true }).fill(day);
    await form.getByLabel('Duration (hh:mm)').fill('1,5');
    await form.getByRole('button', { name: 'Save and clear' }).click();
    await page.getByText('Your time has been tracked.').waitFor();
    await expect.poll(() => task.inputValue()).toBe('');
    expect(await form.getByLabel('Date', { exact: true }).inputValue()).toBe(day);
    await expect.poll(() => focusedLabel(page)).toBe('Task');
    const saved = await api<TimeActivity[]>(token, 'GET', `/api/timeactivities/${podcast?._id}`);
    expect(saved.map((e) => [e.activity, e.date.slice(0, 10), e.duration])).toEqual([
      ['Interview', day, 90 * 60_000],
    ]);
  });
});

describe('the running timer', () => {
  it('on a phone in German: Discard asks first, “keep it running” keeps it, and Discard there drops it', async () => {
    const token = await signUp('Vorsicht Vera');
    await api(token, 'POST', '/api/usersettings', { language: 'de' });
    const p = await project(token, 'Kundenprojekt');
    await api(token, 'POST', '/api/timer', { projectId: p._id, activity: 'Workshop' });
    const page = await newPage({ token, width: 390, height: 844, touch: true });
    await page.goto(`${baseUrl}/projects`);
    const shellTimer = page.getByRole('region', { name: 'Laufender Timer' });
    await shellTimer.getByRole('button', { name: 'Verwerfen' }).tap();
    const ask = page.getByRole('dialog', { name: 'Laufenden Timer verwerfen?' });
    await ask.getByText(/wird nicht gespeichert/).waitFor();
    await ask.getByRole('button', { name: 'Weiterlaufen lassen' }).tap();
    await ask.waitFor({ state: 'detached' });
    expect((await timerOf(token)).running).toBe(true);

    await shellTimer.getByRole('button', { name: 'Verwerfen' }).tap();
    await ask.getByRole('button', { name: 'Verwerfen' }).tap();
    await shellTimer.waitFor({ state: 'detached' });
    expect((await timerOf(token)).running).toBe(false);
    expect(await api<TimeActivity[]>(token, 'GET', `/api/timeactivities/${p._id}`)).toEqual([]);
  });

  it('at 1366 px: s in a text field is text; Stop hands the focus to the quick-entry field, not the page', async () => {
    const token = await signUp('Fokus Finn');
    const p = await project(token, 'Focus');
    await api(token, 'POST', '/api/timer', { projectId: p._id, activity: 'Writing' });
    const page = await newPage({ token, width: 1366, height: 900 });
    await page.goto(`${baseUrl}/tracktimeactivity`);
    const form = page.locator('form.entry-form');
    await form.getByRole('button', { name: 'Stop' }).waitFor();
    await form.getByLabel('Task', { exact: true }).focus();
    await page.keyboard.type('sS');
    expect(await form.getByLabel('Task', { exact: true }).inputValue()).toBe('sS');
    expect((await timerOf(token)).running).toBe(true);

    const shellTimer = page.getByRole('region', { name: 'Running timer' });
    await shellTimer.getByRole('button', { name: 'Stop' }).focus();
    await page.keyboard.press('Enter');
    await shellTimer.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).tag).not.toBe('BODY');
    expect((await focused(page)).label).toBe('What are you working on?');
    expect((await timerOf(token)).running).toBe(false);
  });
});
