import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Project } from '../contract/responses';
import { screenshot, seriousViolations } from './browser';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * The app's charts (Victory) read as a person reads them: by tapping on a phone, by the keyboard,
 * and zoomed into a long range, against the real local stack in headless Chromium.
 */

const { newPage } = setUpBrowser();

const DAY = 86_400_000;

/** A user with a project and time on three days of this month and on the 10th of each of the last months. */
async function userWithHistory(): Promise<string> {
  const token = await signUp('Chart Charlie');
  const project = await api<Project>(token, 'POST', '/api/projects', { name: 'Bakery' });
  const now = new Date();
  const days = [0, 1, 2].map((d) => new Date(now.getTime() - d * DAY));
  for (let m = 1; m <= 11; m++)
    days.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - m, 10)));
  // One entry on the first day of the dashboard's 12-month range (this day a year ago, the last day
  // of that month if it is shorter), so its chart has 13 monthly points whatever the date today.
  const year = now.getUTCFullYear() - 1;
  const month = now.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  days.push(new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay))));
  for (const [i, day] of days.entries()) {
    await api(token, 'POST', '/api/timeactivities', {
      projectId: project._id,
      activity: i % 2 ? 'Design' : 'Baking',
      description: '',
      date: `${day.toISOString().slice(0, 10)}T00:00:00.000Z`,
      startTime: null,
      endTime: null,
      duration: (i + 1) * 1_800_000,
    });
  }
  return token;
}

/** The chart card of this title, once Victory has drawn its points. */
async function drawnChart(page: Page, title: string) {
  const card = page.getByRole('figure', { name: title, exact: true });
  await card.scrollIntoViewIfNeeded();
  await card.locator('[data-point]').first().waitFor({ timeout: 20_000 });
  return card;
}

/**
 * Where the element sits once it is on screen and has stopped moving (cards above it may still
 * be settling), so a drag starts where the person sees it.
 */
async function steadyBox(element: Locator) {
  await element.scrollIntoViewIfNeeded();
  let last = '';
  for (let tries = 0; tries < 50; tries++) {
    const box = await element.boundingBox();
    const now = JSON.stringify(box);
    if (box && now === last) return box;
    last = now;
    await element.page().waitForTimeout(100);
  }
  throw new Error('the element kept moving, or was not on screen');
}

describe('charts people can explore', () => {
  it('shows a value when a point or a slice is tapped on a phone', async () => {
    const token = await userWithHistory();
    const page = await newPage({ token, touch: true, width: 390, height: 844 });
    await page.goto(`${baseUrl}/dashboard`);

    const time = await drawnChart(page, 'Time tracked');
    const last = time.locator('[data-point]').last();
    await last.tap();
    const tooltip = time.locator('.chart-tooltip');
    await tooltip.waitFor();
    const label = await last.getAttribute('aria-label');
    expect(label).toMatch(/^\w{3} \d{4}: \d+:\d{2} h$/);
    expect(await tooltip.textContent()).toBe(label);
    await screenshot(page, 'charts-tap-phone');

    const tasks = await drawnChart(page, 'Time per task');
    await tasks.locator('[data-point]').first().tap();
    expect(await tasks.locator('.chart-tooltip').textContent()).toMatch(
      /^(Baking|Design): \d+:\d{2} h \(\d+(\.\d)?%\)$/,
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });

  it('reaches a chart’s points with Tab and the arrow keys, saying each value', async () => {
    const token = await userWithHistory();
    const page = await newPage({ token });
    await page.goto(`${baseUrl}/dashboard`);
    const time = await drawnChart(page, 'Time tracked');

    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    const inChart = () =>
      page.evaluate(
        () => document.activeElement?.closest('figure')?.querySelector('figcaption')?.textContent ?? null,
      );
    // From the control before the drawing, one Tab reaches the chart's values.
    await time.getByRole('button', { name: 'Change colours of Time tracked' }).focus();
    await page.keyboard.press('Tab');
    const first = await focused();
    expect(first).toMatch(/^\w{3} \d{4}: \d+:\d{2} h$/);
    expect(await time.locator('.chart-tooltip').textContent()).toBe(first);

    await page.keyboard.press('End');
    const last = await focused();
    expect(last).not.toBe(first);
    expect(await time.locator('.chart-tooltip').textContent()).toBe(last);
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).not.toBe(last);

    // One tab stop per chart: the next Tab leaves it.
    await page.keyboard.press('Tab');
    expect(await inChart()).not.toBe('Time tracked');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('zooms a long time chart into the range dragged across its overview, and back to all of it', async () => {
    const token = await userWithHistory();
    const page = await newPage({ token });
    await page.goto(`${baseUrl}/dashboard`);
    const time = await drawnChart(page, 'Time tracked');
    const all = await time.locator('[data-point]').count();
    expect(all).toBeGreaterThan(12);

    const overview = time.getByRole('img', { name: /^Zoom into Time tracked/ });
    const box = await steadyBox(overview);
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.95, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();

    await expect.poll(() => time.locator('[data-point]').count()).toBeLessThan(all);
    await time.getByRole('button', { name: /^Show the whole range/ }).click();
    await expect.poll(() => time.locator('[data-point]').count()).toBe(all);
    await screenshot(page, 'charts-dashboard-zoom');

    // By keyboard: + zooms in around the value being read (which keeps the focus), - back out.
    await time.getByRole('button', { name: 'Change colours of Time tracked' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('End');
    const last = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await page.keyboard.press('+');
    await expect.poll(() => time.locator('[data-point]').count()).toBeLessThan(all);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(last);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await expect.poll(() => time.locator('[data-point]').count()).toBe(all);
  });
});
