import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Project, TimeActivity } from '../contract/responses';
import { screenshot, seriousViolations } from './browser';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * The tracking screens in headless Chromium against the real local stack: projects, track time
 * (by hand and with the live timer), income and expenses, the dashboard's charts and the free limit.
 * Every test signs up a user of its own through the API, so tests don't depend on each other.
 */

const { newPage } = setUpBrowser();

/**
 * Waits until a chart card has drawn its chart. Charts are drawn once they are on the screen, and
 * what loads above a card (lists, budgets) can push it off again right after it was scrolled to,
 * so it is scrolled to again until it draws, as a reader would; 20 s in all.
 */
async function drawnOnScreen(card: Locator): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    await card.scrollIntoViewIfNeeded();
    try {
      await card.locator('svg').first().waitFor({ timeout: 2_000 });
      return;
    } catch (error) {
      if (Date.now() > until) {
        console.log('CARDHTML', (await card.innerHTML()).slice(0, 2500));
        throw error;
      }
    }
  }
}

const createProject = (token: string, name: string) => api<Project>(token, 'POST', '/api/projects', { name });

/** A page already signed in as the token's user (as after a login on an earlier visit). */
const signedInPage = (token: string, options: { dark?: boolean; width?: number; height?: number } = {}) =>
  newPage({ ...options, token });

describe('projects', () => {
  it('creates a project from the floating button: toast, dialog closes after 2 s, project listed', async () => {
    const token = await signUp('Tracker Tess');
    const page = await signedInPage(token);
    await page.goto(`${baseUrl}/projects`);
    await page.getByText('No projects yet').waitFor();

    await page.getByRole('button', { name: 'Add project' }).click();
    await page.getByLabel('Project name').fill('Bakery website');
    await page.getByLabel('Description').fill('Shop and blog');
    await page.getByRole('button', { name: 'Create' }).click();

    await page.getByText('Your project has been created.').waitFor();
    expect(await page.getByRole('heading', { name: 'Create project' }).isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'Create project' }).waitFor({ state: 'detached', timeout: 5000 });
    await page.getByRole('link', { name: 'Bakery website', exact: true }).waitFor();
    const projects = await api<Project[]>(token, 'GET', '/api/projects');
    expect(projects.map((p) => p.name)).toEqual(['Bakery website']);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tracking-projects-dark');
  });

  it('shows the upgrade prompt instead of creating a 4th project on a free account', async () => {
    const token = await signUp('Tracker Tess');
    for (const name of ['One', 'Two', 'Three']) await createProject(token, name);
    const page = await signedInPage(token, { dark: false });
    await page.goto(`${baseUrl}/projects`);
    await page.getByRole('link', { name: 'Three', exact: true }).waitFor();
    await screenshot(page, 'tracking-projects-light');

    await page.getByRole('button', { name: 'Add project' }).click();
    await page.getByLabel('Project name').fill('Four');
    await page.getByRole('button', { name: 'Create' }).click();

    await page.getByText('Please upgrade to premium to add more than 3 projects').waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade' }).isVisible()).toBe(true);
    expect(await page.getByText('Your project has been created.').count()).toBe(0);
    expect((await api<Project[]>(token, 'GET', '/api/projects')).length).toBe(3);
    await page.getByRole('button', { name: 'Upgrade' }).click();
    await page.waitForURL(`${baseUrl}/subscribe`);
  });
});

describe('track time', () => {
  it('tracks time by hand and refuses a start after the end with the time-traveller notice', async () => {
    const token = await signUp('Tracker Tess');
    const project = await createProject(token, 'Mobile app');
    const page = await signedInPage(token);
    await page.goto(`${baseUrl}/newtimeactivity/${project._id}`);
    await page.getByRole('heading', { name: 'Track time for a project' }).waitFor();
    await page.getByRole('button', { name: /Mobile app/ }).waitFor();

    await page.getByLabel('Task', { exact: true }).fill('Design');
    await page.getByLabel('Sub-Task', { exact: true }).fill('Icons');
    await page.getByLabel('Start').fill('10:00');
    await page.getByLabel('End').fill('09:15');
    await page.getByRole('button', { name: 'Save and clear' }).click();

    await page.getByText("Woah time traveller! Your start time can't be after your end time!").waitFor();
    expect(await api<TimeActivity[]>(token, 'GET', `/api/timeactivities/${project._id}`)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'tracking-track-time-notice-dark');

    await page.getByLabel('End').fill('11:30');
    expect(await page.getByLabel('Duration (hh:mm)').inputValue()).toBe('01:30');
    await page.getByRole('button', { name: 'Save and clear' }).click();

    await page.getByText('Your time has been tracked.').waitFor();
    const entries = await api<TimeActivity[]>(token, 'GET', `/api/timeactivities/${project._id}`);
    expect(entries.map((e) => [e.activity, e.duration])).toEqual([['Design', 90 * 60_000]]);
    // Cleared, but the project stays chosen for the next entry.
    expect(await page.getByLabel('Task', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: /Mobile app/ }).isVisible()).toBe(true);

    // The task typed earlier is suggested from its first letter.
    await page.getByLabel('Task', { exact: true }).fill('d');
    await page.getByRole('option', { name: 'Design' }).waitFor();
  });

  it('tracks with the live timer, which keeps running across a reload', async () => {
    const token = await signUp('Tracker Tess');
    await createProject(token, 'Zeta');
    const project = await createProject(token, 'Alpha');
    const page = await signedInPage(token, { dark: false });
    await page.goto(`${baseUrl}/tracktimeactivity`);
    await page.getByRole('heading', { name: 'Track time for a project' }).waitFor();

    await page.getByRole('button', { name: /Choose a project/ }).click();
    await page.getByRole('option', { name: 'Zeta' }).waitFor();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Alpha', 'Zeta', '...Add new project']);
    await page.getByRole('option', { name: 'Alpha' }).click();
    await page.getByLabel('Task', { exact: true }).fill('Timer task');

    const timer = page.locator('fieldset.timer');
    await timer.getByRole('button', { name: 'Start' }).click();
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Tracked time"]')?.textContent === '00:00:02',
      undefined,
      { timeout: 10_000 },
    );
    await screenshot(page, 'tracking-track-time-light');

    await page.reload();
    // The timer lives on the server: after a reload it still runs, with its task.
    await timer.getByRole('button', { name: 'Stop' }).waitFor();
    await timer.getByText('Timer task').waitFor();
    await page.waitForFunction(
      () => (document.querySelector('[aria-label="Tracked time"]')?.textContent ?? '') >= '00:00:03',
    );
    await timer.getByRole('button', { name: 'Stop' }).click();

    await page.getByText('Your time has been tracked.').waitFor();
    const entries = await api<TimeActivity[]>(token, 'GET', `/api/timeactivities/${project._id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.activity).toBe('Timer task');
    expect(entries[0]?.duration).toBeGreaterThanOrEqual(3000);
    expect(entries[0]?.duration).toBeLessThan(120_000);
    await timer.getByRole('button', { name: 'Start' }).waitFor();
    expect(await page.locator('[aria-label="Tracked time"]').textContent()).toBe('00:00:00');
  });
  it('edits a time entry opened from the project details and goes back there', async () => {
    const token = await signUp('Tracker Tess');
    const project = await createProject(token, 'Editing');
    await api(token, 'POST', '/api/timeactivities', {
      projectId: project._id,
      activity: 'Review',
      description: 'Pull requests',
      date: '2026-01-15T00:00:00.000Z',
      startTime: null,
      endTime: null,
      duration: 3_600_000,
    });
    const page = await signedInPage(token);
    await page.goto(`${baseUrl}/projectdetails/${project._id}`);
    await page.getByRole('link', { name: /Review/ }).click();

    await page.getByRole('heading', { name: 'Edit a time activity' }).waitFor();
    expect(await page.getByLabel('Task', { exact: true }).inputValue()).toBe('Review');
    expect(await page.getByLabel('Date').inputValue()).toBe('2026-01-15');
    await page.getByLabel('Duration (hh:mm)').fill('02:15');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await page.waitForURL(`${baseUrl}/projectdetails/${project._id}`);
    const [saved] = await api<Project[]>(token, 'GET', '/api/projects');
    expect(saved?.totalHours).toBe(135 * 60_000);
    await page.locator('.project-details > dl.totals').getByText('02:15').waitFor();
  });
});

describe('income and expenses', () => {
  it('tracks an income and two expenses and shows the totals on the project details to the cent', async () => {
    const token = await signUp('Tracker Tess');
    const project = await createProject(token, 'Consulting');
    const page = await signedInPage(token);

    await page.goto(`${baseUrl}/newincomeactivity/${project._id}`);
    await page.getByRole('heading', { name: 'Track an income for a project' }).waitFor();
    await page.getByRole('button', { name: /Consulting/ }).waitFor();
    await page.getByLabel('Task', { exact: true }).fill('Invoice');
    await page.getByLabel('Amount').fill('1234.56');
    await page.getByRole('button', { name: 'Save and close' }).click();
    await page.waitForURL(`${baseUrl}/home`);

    for (const amount of ['0.10', '0.20']) {
      await page.goto(`${baseUrl}/newexpenseactivity/${project._id}`);
      await page.getByRole('heading', { name: 'Track an expense for a project' }).waitFor();
      // The form's own project (the page also has the e-invoice upload's).
      await page
        .getByRole('form', { name: 'Track an expense for a project' })
        .getByRole('button', { name: /Consulting/ })
        .waitFor();
      await page.getByLabel('Task', { exact: true }).fill('Software');
      await page.getByLabel('Amount (expense)').fill(amount);
      await page.getByRole('button', { name: 'Save and close' }).click();
      await page.waitForURL(`${baseUrl}/home`);
    }

    const [saved] = await api<Project[]>(token, 'GET', '/api/projects');
    expect([saved?.totalIncome, saved?.totalExpenses]).toEqual([1234.56, 0.3]);
    await page.goto(`${baseUrl}/projectdetails/${project._id}`);
    const totals = page.locator('.project-details > dl.totals');
    await totals.waitFor();
    const text = await totals.innerText();
    expect(text).toContain('1,234.56');
    expect(text).toContain('-€0.30');
    expect(text).toContain('€1,234.26');

    // The income/expense list shows the expense negated and links to its edit screen.
    await page
      .getByRole('link', { name: /Software/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Edit a financial activity' }).waitFor();
    expect(Number(await page.getByLabel('Amount (expense)').inputValue())).toBeLessThan(0);
  });
});

describe('dashboard and project details', () => {
  it('shows the five dashboard charts as SVGs and the project details, in dark and light mode, with no serious axe findings', async () => {
    const token = await signUp('Tracker Tess');
    const web = await createProject(token, 'Web');
    const app = await createProject(token, 'App');
    const today = new Date().toISOString().slice(0, 10);
    for (const [project, task, hours] of [
      [web, 'Design', 2],
      [web, 'Coding', 3],
      [app, 'Coding', 1.5],
    ] as const) {
      await api(token, 'POST', '/api/timeactivities', {
        projectId: project._id,
        activity: task,
        description: '',
        date: `${today}T00:00:00.000Z`,
        startTime: null,
        endTime: null,
        duration: hours * 3_600_000,
      });
    }
    await api(token, 'POST', '/api/financeactivities', {
      projectId: web._id,
      activity: 'Invoice',
      description: '',
      date: `${today}T00:00:00.000Z`,
      amount: 500,
      expense: false,
      notes: '',
    });

    for (const dark of [true, false]) {
      const page = await signedInPage(token, { dark });
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      for (const title of [
        'Time tracked',
        'Profit/loss',
        'Time per task',
        'Time per project',
        'Total time',
      ]) {
        // Each chart is drawn as it comes near the screen.
        await drawnOnScreen(page.locator('figure.chart-card', { hasText: title }));
      }
      expect(await page.locator('figure.chart-card').count()).toBe(5);
      expect(await page.getByRole('button', { name: /Change colours/ }).count()).toBe(5);
      expect(await page.getByText(/landscape/).isVisible()).toBe(true);
      if (dark) expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `tracking-dashboard-${dark ? 'dark' : 'light'}`);

      await page.goto(`${baseUrl}/projectdetails/${web._id}`);
      await page.getByRole('heading', { name: 'Update project' }).waitFor();
      for (const card of await page.locator('figure.chart-card').all()) await drawnOnScreen(card);
      await page.getByRole('cell', { name: '5:00 h' }).first().waitFor();
      // Four charts, once: a page drawn again while its data arrived used to keep a dead copy of
      // them (two siblings with one key), whose first card never drew.
      expect(await page.locator('figure.chart-card').count()).toBe(4);
      if (dark) expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `tracking-project-details-${dark ? 'dark' : 'light'}`);
    }
  });

  it('changes a chart’s colours on request', async () => {
    const token = await signUp('Tracker Tess');
    const project = await createProject(token, 'Colours');
    await api(token, 'POST', '/api/timeactivities', {
      projectId: project._id,
      activity: 'A',
      description: '',
      date: `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`,
      startTime: null,
      endTime: null,
      duration: 3_600_000,
    });
    const page = await signedInPage(token);
    await page.goto(`${baseUrl}/dashboard`);
    const card = page.getByRole('figure', { name: 'Time tracked', exact: true });
    const line = card.locator('svg path.chart-line').first();
    await line.waitFor({ timeout: 20_000 });
    const stroke = () => line.evaluate((path) => (path as SVGPathElement).style.stroke);
    const before = await stroke();

    const refetch = page.waitForResponse(
      (r) => r.url().includes('/api/projecttimetrackedchart') && r.url().includes('colorseed='),
    );
    await page.getByRole('button', { name: 'Change colours of Time tracked' }).click();
    await refetch;

    await expect.poll(stroke, { timeout: 10_000 }).not.toBe(before);
  });

  it('works on a phone: projects, track time and the dashboard fit a 390×844 screen', async () => {
    const token = await signUp('Tracker Tess');
    const project = await createProject(token, 'Phone project with a rather long name');
    const page = await signedInPage(token, { width: 390, height: 844 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    await page.goto(`${baseUrl}/projects`);
    await page.getByRole('link', { name: 'Phone project with a rather long name', exact: true }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'tracking-projects-phone');

    await page.goto(`${baseUrl}/newtimeactivity/${project._id}`);
    await page.getByRole('button', { name: 'Save and clear' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'tracking-track-time-phone');

    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // The tax card comes first; a chart card draws its body once it is on the screen.
    await page.locator('figure.chart-card').first().scrollIntoViewIfNeeded();
    await page.getByText('No data in this range.').first().waitFor({ timeout: 20_000 });
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
