import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TimeActivity } from '../contract/responses';
import { SCREENSHOTS, screenshot } from './browser';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * The everyday loop of issue 26, driven as a person does: the quick-entry bar and its shortcuts by
 * keyboard, Enter on the track-time form, an entry across midnight, the running timer on a 390 px
 * touch screen.
 */

const { newPage } = setUpBrowser();

const project = (token: string, name: string) =>
  api<{ _id: string }>(token, 'POST', '/api/projects', { name });
const entries = (token: string, projectId: string) =>
  api<TimeActivity[]>(token, 'GET', `/api/timeactivities/${projectId}`);
const shellTimer = (page: Page) => page.getByRole('region', { name: 'Running timer' });
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName, text: el?.textContent ?? '', label: el?.getAttribute('aria-label') ?? '' };
  });
/** Leaves any field, as a click on the page's background does: the shortcuts listen then. */
const leaveFields = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

describe('the quick-entry bar, by keyboard', () => {
  it('n, type, pick the project by typing (last used first), Enter starts; s stops; ? lists the shortcuts', async () => {
    const token = await signUp('Quick Quinn');
    await project(token, 'Alpha');
    const kunde = await project(token, 'Kunde Müller');
    const zeta = await project(token, 'Zeta');
    const today = new Date().toISOString().slice(0, 10);
    await api(token, 'POST', '/api/timeactivities', {
      projectId: zeta._id,
      date: `${today}T00:00:00.000Z`,
      duration: 3_600_000,
    });
    const page = await newPage({ token });
    await page.goto(`${baseUrl}/projects`);
    await page.getByRole('heading', { name: 'Projects' }).first().waitFor();
    const bar = page.getByRole('region', { name: 'Quick entry' });
    const projectField = bar.getByRole('combobox', { name: 'Project' });
    // The project used last is chosen already.
    await expect.poll(() => projectField.inputValue()).toBe('Zeta');

    await page.keyboard.press('n');
    expect((await focused(page)).label).toBe('What are you working on?');
    await page.keyboard.type('Angebot schreiben');
    await page.keyboard.press('Tab');
    // The list opens with the last used project first, then the others by name.
    expect(await bar.getByRole('option').allTextContents()).toEqual([
      'Zeta · Recently used',
      'Alpha',
      'Kunde Müller',
    ]);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('kun');
    expect(await bar.getByRole('option').allTextContents()).toEqual(['Kunde Müller']);
    await page.keyboard.press('Enter');
    expect(await projectField.inputValue()).toBe('Kunde Müller');
    await page.keyboard.press('Enter');

    await shellTimer(page).getByText('· Angebot schreiben').waitFor();
    await shellTimer(page).getByText('Kunde Müller').waitFor();
    const timer = await api<{ running: boolean; projectId: string }>(token, 'GET', '/api/timer');
    expect(timer).toMatchObject({ running: true, projectId: kunde._id });
    expect(await bar.getByRole('textbox', { name: 'What are you working on?' }).inputValue()).toBe('');
    await screenshot(page, 'quick-entry-desktop');

    await leaveFields(page);
    await page.keyboard.press('s');
    await page.getByText('Your time has been tracked.').waitFor();
    await shellTimer(page).waitFor({ state: 'detached' });
    expect(await entries(token, kunde._id)).toHaveLength(1);

    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.getByText('Start or stop the timer').waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    // A letter typed into a field is text, not a shortcut.
    await bar.getByRole('textbox', { name: 'What are you working on?' }).focus();
    await page.keyboard.type('ns?');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await api<{ running: boolean }>(token, 'GET', '/api/timer')).running).toBe(false);
  });
});

describe('the track-time form, by keyboard', () => {
  it('Enter starts the timer when nothing is entered, never saves an empty entry, and +1 day saves a night', async () => {
    const token = await signUp('Night Nora');
    const p = await project(token, 'Nachtschicht');
    const page = await newPage({ token });
    await page.goto(`${baseUrl}/newtimeactivity/${p._id}`);
    await page.getByRole('heading', { name: 'Track time for a project' }).waitFor();
    const form = page.locator('form.entry-form');
    const task = form.getByLabel('Task', { exact: true });
    await task.focus();
    await page.keyboard.type('Deploy');
    // From Task to the timer's Start: four Tabs, past Sub-Task, Billable and the tag field (the
    // timer starts with them).
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect((await focused(page)).label).toBe('Add a tag');
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Start');

    await task.focus();
    await page.keyboard.press('Enter');
    const timer = form.locator('fieldset.timer');
    await timer.getByRole('button', { name: 'Stop' }).waitFor();
    expect(await api(token, 'GET', '/api/timer')).toMatchObject({ running: true, activity: 'Deploy' });
    expect(await entries(token, p._id)).toEqual([]);
    await timer.getByRole('button', { name: 'Discard' }).click();
    // Discard asks first (issue 34): it throws the time away and sits next to Stop.
    await page
      .getByRole('dialog', { name: 'Discard the running timer?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await timer.getByRole('button', { name: 'Start' }).waitFor();
    // Start takes the place of the buttons, and the focus.
    await expect.poll(async () => (await focused(page)).text).toBe('Start');

    // A start alone is no entry: Enter says so and saves nothing.
    await task.fill('Night deploy');
    await form.getByLabel('Start', { exact: true }).fill('23:00');
    await form.getByLabel('Start', { exact: true }).press('Enter');
    await form.getByText('Nothing to save yet').waitFor();
    // 23:00 to 01:00 on the same day is the specification's time traveller.
    await form.getByLabel('End', { exact: true }).fill('01:00');
    await form.getByLabel('End', { exact: true }).press('Enter');
    await form.getByText("Woah time traveller! Your start time can't be after your end time!").waitFor();
    expect(await entries(token, p._id)).toEqual([]);

    // "+1 day": the end is on the next day, and the night is saved.
    await form.getByLabel('+1 day').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => form.getByLabel('Duration (hh:mm)').inputValue()).toBe('02:00');
    await form.getByLabel('End', { exact: true }).press('Enter');
    await page.getByText('Your time has been tracked.').waitFor();
    const [saved] = await entries(token, p._id);
    expect(saved?.duration).toBe(2 * 3_600_000);
    expect(Date.parse(saved?.endTime ?? '') - Date.parse(saved?.startTime ?? '')).toBe(2 * 3_600_000);
    expect(new Date(saved?.endTime ?? '').getDate()).not.toBe(new Date(saved?.startTime ?? '').getDate());
  });
});

describe('on a phone (390 px, touch)', () => {
  it('the running timer fits the screen, and after a reload the form shows the timer’s project', async () => {
    const token = await signUp('Phone Pia');
    const p = await project(token, 'Kundenprojekt Sonnenblume');
    await api(token, 'POST', '/api/timer', {
      projectId: p._id,
      activity: 'Workshop-Vorbereitung mit langem Titel für die Kundschaft',
      description: 'Folien',
    });
    const page = await newPage({ token, width: 390, height: 844, touch: true });
    await page.goto(`${baseUrl}/tracktimeactivity`);
    await page.getByRole('heading', { name: 'Track time for a project' }).waitFor();
    await shellTimer(page).getByRole('button', { name: 'Discard' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: /Kundenprojekt Sonnenblume/ }).waitFor();
    const form = page.locator('form.entry-form');
    await form.getByRole('button', { name: 'Discard' }).waitFor();

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const discard of [shellTimer(page), form].map((l) => l.getByRole('button', { name: 'Discard' }))) {
      const box = await discard.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    // What a phone shows at once: the bar, the running timer and the top of the form.
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'quick-entry-phone.png') });

    await shellTimer(page).getByRole('button', { name: 'Stop' }).tap();
    await page.getByText('Your time has been tracked.').waitFor();
    expect(await entries(token, p._id)).toHaveLength(1);
  });
});
