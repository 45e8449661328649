import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * Issue 39: the dashboard a mid-range phone opens at once. Signed in with a year of work, loaded on
 * a phone's screen at 4× CPU slowdown (DevTools' `Emulation.setCPUThrottlingRate`, as Lighthouse's
 * mobile preset slows the CPU), no task may block the main thread for more than 200 ms after the
 * first paint (the Long Tasks API, observed from before the page's first script).
 *
 * On a shared 2-core machine other processes stretch tasks, never shorten them: the noise only
 * adds. So the page is loaded up to five times and the load with the shortest longest task counts —
 * the best estimate of what the page itself does. A page that blocks for longer than the limit does
 * so on every load (before issue 39's changes: 900–1,860 ms on every load at load average 9–21);
 * one load within it passes.
 */

const LONG_TASK_LIMIT_MS = 200;
const CPU_SLOWDOWN = 4;
const MAX_LOADS = 5;
const MAX_MS = 150_000;
/** Lighthouse's mobile screen (a Moto G Power). */
const PHONE = { width: 412, height: 823, touch: true } as const;

const { newPage } = setUpBrowser();

/** A year of work as the issue measures it: one project, 60 time entries over 12 months, 12 incomes. */
async function yearOfData(token: string): Promise<void> {
  const project = await api<{ _id: string }>(token, 'POST', '/api/projects', { name: 'Website relaunch' });
  const now = new Date();
  for (let month = 1; month <= 12; month++) {
    for (let i = 0; i < 5; i++) {
      const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - month, 2 + i * 5));
      await api(token, 'POST', '/api/timeactivities', {
        projectId: project._id,
        activity: ['Design', 'Development', 'Meetings', 'Testing', 'Writing'][i],
        description: i % 2 ? 'Review' : '',
        date: day.toISOString(),
        startTime: null,
        endTime: null,
        duration: (1 + ((month + i) % 6)) * 1_800_000,
      });
    }
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - month, 27));
    await api(token, 'POST', '/api/financeactivities', {
      projectId: project._id,
      activity: 'Invoice',
      description: `Month ${month}`,
      date: day.toISOString(),
      amount: 1250 + month * 10.5,
      expense: false,
      notes: '',
    });
  }
}

interface Load {
  /** The longest task after the first paint, ms. */
  longestMs: number;
  /** Every task over 50 ms after the first paint: when (ms after navigation) and how long. */
  tasks: { at: number; ms: number }[];
}

/** Opens /dashboard in a fresh phone context at 4× CPU slowdown and answers its long tasks after the first paint. */
async function loadDashboard(token: string): Promise<Load> {
  const page: Page = await newPage({ token, ...PHONE });
  await page.context().addInitScript(() => {
    const seen: { long: { at: number; ms: number }[]; firstPaint: number | null } = {
      long: [],
      firstPaint: null,
    };
    (window as unknown as { __speed: typeof seen }).__speed = seen;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        seen.long.push({ at: Math.round(e.startTime), ms: Math.round(e.duration) });
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-paint') seen.firstPaint = e.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 60_000 });
    // Every chart's data is in and whatever is on the screen is drawn (Victory's chunk included).
    await page.waitForFunction(
      () =>
        document.querySelectorAll('figure.chart-card').length === 5 &&
        !document.querySelector('figure.chart-card[aria-busy="true"]'),
      undefined,
      { timeout: 60_000 },
    );
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2_000);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const seen = await page.evaluate(
      () =>
        (window as unknown as { __speed: { long: { at: number; ms: number }[]; firstPaint: number | null } })
          .__speed,
    );
    expect(seen.firstPaint, 'the page was painted').not.toBeNull();
    const tasks = seen.long.filter((t) => t.at >= (seen.firstPaint ?? 0));
    return { longestMs: Math.max(0, ...tasks.map((t) => t.ms)), tasks };
  } finally {
    await page.context().close();
  }
}

describe('the dashboard on a mid-range phone', () => {
  let token: string;
  beforeAll(async () => {
    token = await signUp('Yara Year');
    await yearOfData(token);
  }, 120_000);

  it('blocks the main thread for at most 200 ms at a time after its first paint, at 4× CPU slowdown, with a year of data', async () => {
    const loads: Load[] = [];
    const deadline = Date.now() + MAX_MS;
    while (loads.length < MAX_LOADS && Date.now() < deadline) {
      const load = await loadDashboard(token);
      loads.push(load);
      if (load.longestMs <= LONG_TASK_LIMIT_MS) break;
    }
    const best = Math.min(...loads.map((l) => l.longestMs));
    const told = loads.map(
      (l, i) => `load ${i + 1}: ${l.tasks.map((t) => `${t.ms} ms at ${t.at}`).join(', ')}`,
    );
    expect(best, `the longest task after the first paint, per load:\n${told.join('\n')}`).toBeLessThanOrEqual(
      LONG_TASK_LIMIT_MS,
    );
  }, 240_000);
});
