import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Project } from '../contract/responses';
import { screenshot, seriousViolations } from './browser';
import { api, baseUrl, setUpBrowser, signUp, uniqueEmail } from './session';

/**
 * Budgets in headless Chromium against the real local stack (`npm start`): a budget and a target
 * set on the project details, hours tracked through the track-time form, and the alerts that the
 * table's stream (DynamoDB Local's, fed to the alert function as Lambda feeds it on AWS) sends
 * through the local SES — exactly one at 80 % and one at 100 %.
 */

const { newPage } = setUpBrowser();
const sesUrl = inject('sesUrl');

interface SesEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}

/** The budget alerts sent to the address (not the sign-up's confirmation email). */
async function mailsTo(email: string): Promise<SesEmail[]> {
  const store = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: SesEmail[] };
  return store.emails.filter(
    (e) => e.destination.to.some((to) => to.includes(email)) && !e.subject.startsWith('Confirm your email'),
  );
}

/** Opens the sign-up's confirmation link: alerts go only to a confirmed address (issue 35). */
async function confirmAddress(email: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const store = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: SesEmail[] };
    const mail = store.emails.find(
      (e) => e.destination.to.some((to) => to.includes(email)) && e.subject.startsWith('Confirm your email'),
    );
    const link = /\/confirmemail\/([A-Za-z0-9_.~%-]+)/i.exec(mail?.body.text ?? '')?.[1];
    if (link) {
      const confirmed = await fetch(`${baseUrl}/api/confirmemail/${link}`);
      expect(confirmed.status).toBe(200);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation email for ${email}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Waits (up to the contract's 30 s) until the address has `count` emails; answers them all. */
async function waitForMails(email: string, count: number): Promise<SesEmail[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mails = await mailsTo(email);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Tracks a duration ("08:00") on the project through the track-time form. */
async function trackThroughForm(page: Page, projectId: string, duration: string): Promise<void> {
  await page.goto(`${baseUrl}/newtimeactivity/${projectId}`);
  await page.getByRole('heading', { name: 'Track time for a project' }).waitFor();
  await page.getByRole('button', { name: /Brand refresh/ }).waitFor();
  await page.getByLabel('Task', { exact: true }).fill('Design');
  await page.getByLabel('Duration (hh:mm)').fill(duration);
  await page.getByRole('button', { name: 'Save and clear' }).click();
  await page.getByText('Your time has been tracked.').waitFor();
}

describe('budgets and the rate floor in the browser', () => {
  it('mails exactly once at 80 % and once at 100 %, and shows the budget on the details, the list and the dashboard', async () => {
    const email = uniqueEmail('budget');
    const token = await signUp('Budget Bea', email);
    await confirmAddress(email);
    await api(token, 'POST', '/api/usersettings', { currency: 'EUR' });
    // A project that is fine, named to come first alphabetically: the urgent one must still lead.
    const calm = await api<Project>(token, 'POST', '/api/projects', {
      name: 'Archive cleanup',
      budget: { kind: 'hours', amount: 10, period: 'total' },
    });
    await api(token, 'POST', '/api/timeactivities', { projectId: calm._id, duration: 2 * 3_600_000 });
    const project = await api<Project>(token, 'POST', '/api/projects', { name: 'Brand refresh' });
    // €1,950 earned: at €60 an hour that pays for 32 h 30 min.
    await api(token, 'POST', '/api/financeactivities', { projectId: project._id, amount: 1950 });
    const page = await newPage({ token, dark: false });

    // The budget and the target, set on the project details.
    await page.goto(`${baseUrl}/projectdetails/${project._id}`);
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Budget and target rate' }) });
    await form.getByLabel('Budget', { exact: true }).selectOption('hours');
    await form.getByLabel('Budget in hours').fill('20');
    await form.getByLabel('Period').selectOption('total');
    await form.getByLabel('Target hourly rate').fill('60');
    await form.getByRole('button', { name: 'Save budget' }).click();
    await page.getByText('The budget has been saved.').waitFor();
    const saved = (await api<Project[]>(token, 'GET', '/api/projects')).find((p) => p._id === project._id);
    expect(saved).toMatchObject({
      budget: { kind: 'hours', amount: 20, period: 'total' },
      targetHourlyRate: 60,
    });

    // 8 h (40 %): nothing yet. 16 h (80 %): the first alert.
    await trackThroughForm(page, project._id, '08:00');
    await trackThroughForm(page, project._id, '08:00');
    const first = await waitForMails(email, 1);
    expect(first.map((m) => m.subject)).toEqual(['Brand refresh has used 80 % of its budget']);
    expect(first[0]?.body.text).toContain('has used 16 h of its budget of 20 h: 80 %.');

    // 20 h (100 %): the second; then more hours, and nothing further.
    await trackThroughForm(page, project._id, '04:00');
    const both = await waitForMails(email, 2);
    await trackThroughForm(page, project._id, '00:30');
    await page.waitForTimeout(5_000);
    const all = await mailsTo(email);
    expect(all.map((m) => m.subject)).toEqual([
      'Brand refresh has used 80 % of its budget',
      'Brand refresh has used up its budget',
    ]);
    expect(both[1]?.body.text).toContain(`${baseUrl}/projectdetails/${project._id}`);

    // The project details: a full bar, the use and the rate floor in words.
    // 20 h 30 min tracked, €1,950 ÷ €60 = 32 h 30 min affordable: 12 h left.
    await page.goto(`${baseUrl}/projectdetails/${project._id}`);
    const bar = page.locator('.project-details > .budget-status progress');
    await bar.waitFor();
    expect(await bar.getAttribute('value')).toBe('100');
    const details = page.locator('.project-details > .budget-status');
    await details.getByText('20 h 30 min of 20 h used (102 %)').waitFor();
    await details.getByText('12 h left at your €60/h target').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'budget-project-details');

    // The project list shows both budgets.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    const row = page.getByRole('row', { name: /Brand refresh/ });
    await row.getByText('20 h 30 min of 20 h used (102 %)').waitFor();
    await page
      .getByRole('row', { name: /Archive cleanup/ })
      .getByText('2 h of 10 h used (20 %)')
      .waitFor();

    // The dashboard lists the project over 80 % first.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    const overview = page.getByRole('region', { name: 'Budgets' });
    await overview.getByRole('link', { name: 'Brand refresh' }).waitFor();
    expect(await overview.getByRole('listitem').getByRole('link').allTextContents()).toEqual([
      'Brand refresh',
      'Archive cleanup',
    ]);
    await screenshot(page, 'budget-dashboard');

    // The email's unsubscribe link, opened in a browser that is not signed in, turns alerts off.
    const link = /\/unsubscribe\/\S+/.exec(both[1]?.body.text ?? '')?.[0];
    expect(link, 'unsubscribe link in the email').toBeTruthy();
    const stranger = await newPage();
    await stranger.goto(`${baseUrl}${link}`);
    await stranger.getByText('Budget alerts are off. You can turn them on again in your settings.').waitFor();
    expect(await api<{ budgetAlerts: boolean }>(token, 'GET', '/api/auth')).toMatchObject({
      budgetAlerts: false,
    });
  });

  it('says in words how many hours are left at the target', async () => {
    const token = await signUp('Rate Rita');
    await api(token, 'POST', '/api/usersettings', { currency: 'EUR' });
    const project = await api<Project>(token, 'POST', '/api/projects', {
      name: 'Retainer',
      targetHourlyRate: 60,
    });
    // €1,500 at €60 an hour pays for 25 h; 12 h 30 min are tracked.
    await api(token, 'POST', '/api/financeactivities', { projectId: project._id, amount: 1500 });
    await api(token, 'POST', '/api/timeactivities', { projectId: project._id, duration: 12.5 * 3_600_000 });
    const page = await newPage({ token });
    await page.goto(`${baseUrl}/projectdetails/${project._id}`);
    await page
      .locator('.project-details > .budget-status')
      .getByText('12 h 30 min left at your €60/h target')
      .waitFor();
  });
});
