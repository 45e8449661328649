import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * The server-side timer and the timesheet in headless Chromium against the real local stack: a
 * timer started on one screen shows on every other, survives a reload, shows in a second browser
 * (the same login on another device), and once stopped is on the timesheet with its start and end.
 */

const { newPage } = setUpBrowser();

/** A page signed in with the token: another device with the same login. */
const device = (token: string) => newPage({ token });

const shellTimer = (page: Page) => page.getByRole('region', { name: 'Running timer' });

/** Seconds shown by the shell's timer. */
async function shellSeconds(page: Page): Promise<number> {
  const text = (await shellTimer(page).getByRole('timer').textContent()) ?? '';
  const [h = 0, m = 0, s = 0] = text.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

describe('the running timer across screens, reloads and devices', () => {
  it('starts on the track-time page, follows to other screens and devices, and stops onto the timesheet', async () => {
    const token = await signUp('Timer Tom');
    const project = await api<{ _id: string }>(token, 'POST', '/api/projects', { name: 'Kunde Müller' });
    const page = await device(token);

    await page.goto(`${baseUrl}/newtimeactivity/${project._id}`);
    await page.getByRole('heading', { name: 'Track time for a project' }).waitFor();
    await page.getByLabel('Task', { exact: true }).fill('Workshop 🎤');
    await page.locator('fieldset.timer').getByRole('button', { name: 'Start' }).click();

    // The shell shows it at once, with the project and task, ticking.
    await shellTimer(page).getByText('Kunde Müller').waitFor();
    await shellTimer(page).getByText('· Workshop 🎤').waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector('[aria-label="Running timer"] [role="timer"]')?.textContent ?? '') >=
        '00:00:02',
      undefined,
      { timeout: 10_000 },
    );

    // Another screen of the app: the same timer.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('heading', { name: 'Projects' }).first().waitFor();
    await shellTimer(page).getByText('Kunde Müller').waitFor();
    await screenshot(page, 'timer-shell-projects');

    // A reload keeps it, counted from the same start.
    await page.reload();
    await shellTimer(page).getByText('Kunde Müller').waitFor();
    expect(await shellSeconds(page)).toBeGreaterThanOrEqual(2);

    // A second browser signed in with the same login sees the same timer.
    const other = await device(token);
    await other.goto(`${baseUrl}/settings`);
    await shellTimer(other).getByText('Kunde Müller').waitFor();
    await shellTimer(other).getByText('· Workshop 🎤').waitFor();
    const [a, b] = [await shellSeconds(page), await shellSeconds(other)];
    expect(Math.abs(a - b)).toBeLessThanOrEqual(2);

    // Stop it on the second device: saved once, gone from both once the first looks again.
    await shellTimer(other).getByRole('button', { name: 'Stop' }).click();
    await other.getByText('Your time has been tracked.').waitFor();
    await shellTimer(other).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await shellTimer(page).waitFor({ state: 'detached' });
    const timer = await api<{ running: boolean }>(token, 'GET', '/api/timer');
    expect(timer.running).toBe(false);

    // The timesheet shows the entry with its start and end and the day's total.
    const entries = await api<{ startTime: string; endTime: string; duration: number }[]>(
      token,
      'GET',
      `/api/timeactivities/${project._id}`,
    );
    expect(entries).toHaveLength(1);
    const entry = entries[0] as { startTime: string; endTime: string; duration: number };
    expect(entry.duration).toBe(Date.parse(entry.endTime) - Date.parse(entry.startTime));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timesheet' }).click();
    await page.getByRole('heading', { name: 'Timesheet', level: 1 }).waitFor();
    const row = page.locator('.timesheet-day li.row', { hasText: 'Workshop 🎤' });
    await row.waitFor();
    const times = await page.evaluate(
      ([s, e]) => {
        const hm = (iso: string) => {
          const d = new Date(iso);
          return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
        };
        return `${hm(s as string)}–${hm(e as string)}`;
      },
      [entry.startTime, entry.endTime],
    );
    expect(await row.locator('.row-times').textContent()).toBe(times);
    expect(await row.getByText('Kunde Müller').count()).toBe(1);
    await screenshot(page, 'timesheet-week');

    // Continue starts the timer again with the entry's project and task.
    await row.getByRole('button', { name: /^Continue/ }).click();
    await shellTimer(page).getByText('· Workshop 🎤').waitFor();
    const again = await api<{ running: boolean; projectId: string; activity: string }>(
      token,
      'GET',
      '/api/timer',
    );
    expect(again).toMatchObject({ running: true, projectId: project._id, activity: 'Workshop 🎤' });
  });

  it('pauses on one device, shows it paused on the other, and stops without the pause', async () => {
    const token = await signUp('Pause Paula');
    const project = await api<{ _id: string }>(token, 'POST', '/api/projects', { name: 'Atelier Weiß' });
    await api(token, 'POST', '/api/timer', { projectId: project._id, activity: 'Skizzen ✏️' });
    const page = await device(token);
    await page.goto(`${baseUrl}/projects`);
    await shellTimer(page).getByText('Atelier Weiß').waitFor();

    await shellTimer(page).getByRole('button', { name: 'Pause' }).click();
    await shellTimer(page).getByRole('button', { name: 'Resume' }).waitFor();
    const pausedAt = await shellSeconds(page);
    await page.waitForTimeout(2_500);
    // Standing still while paused, with the pause counting up beside it.
    expect(await shellSeconds(page)).toBe(pausedAt);
    await shellTimer(page)
      .getByText(/^Paused for 00:00:0[2-9]$/)
      .waitFor();
    await screenshot(page, 'timer-paused');

    // The other device sees the pause, and resumes it.
    const other = await device(token);
    await other.goto(`${baseUrl}/settings`);
    await shellTimer(other).getByRole('button', { name: 'Resume' }).click();
    await shellTimer(other).getByRole('button', { name: 'Pause' }).waitFor();
    await shellTimer(other)
      .getByText(/^Pauses: 00:00:0\d$/)
      .waitFor();
    await shellTimer(other).getByRole('button', { name: 'Stop' }).click();
    await other.getByText('Your time has been tracked.').waitFor();

    const [entry] = await api<{ startTime: string; endTime: string; duration: number }[]>(
      token,
      'GET',
      `/api/timeactivities/${project._id}`,
    );
    const span = Date.parse(entry?.endTime ?? '') - Date.parse(entry?.startTime ?? '');
    expect(span - (entry?.duration ?? 0)).toBeGreaterThanOrEqual(2_500);
  });
});
