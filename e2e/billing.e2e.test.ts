import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Client, Project, TimeActivity } from '../contract/responses';
import { screenshot, seriousViolations } from './browser';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * Billing from tracked time, driven as a person does (issue 22): a client, a project for it with
 * an hourly rate, billable and non-billable entries with tags (typed and picked from the
 * suggestions), then /reports grouped by client and by tag with the exact billable amounts under
 * a rounding, and the CSV download of what is shown.
 */

const { newPage } = setUpBrowser();

/** One entry by hand on the track-time form: task, tags, billable, start and end of today. */
async function trackByHand(
  page: Page,
  entry: { task: string; tags: string[]; pickTag?: string; billable: boolean; start: string; end: string },
) {
  const form = page.locator('form.entry-form');
  await form.getByLabel('Task', { exact: true }).fill(entry.task);
  const tagField = form.getByRole('combobox', { name: 'Add a tag' });
  for (const tag of entry.tags) {
    await tagField.fill(tag);
    await tagField.press('Enter');
  }
  if (entry.pickTag) {
    // A tag used before is suggested from its first letters.
    await tagField.fill(entry.pickTag.slice(0, 2).toLowerCase());
    await form.getByRole('option', { name: entry.pickTag }).click();
  }
  const billable = form.getByLabel('Billable');
  if ((await billable.isChecked()) !== entry.billable) await billable.click();
  await form.getByLabel('Start').fill(entry.start);
  await form.getByLabel('End').fill(entry.end);
  await form.getByRole('button', { name: 'Save and clear' }).click();
  await page.getByText('Your time has been tracked.').waitFor();
  await page.getByText('Your time has been tracked.').waitFor({ state: 'detached' });
}

/** The report table's rows as text: name, time, billable, rounded billable, amount. */
const tableRows = (page: Page, caption: string) =>
  page
    .getByRole('table', { name: caption })
    .locator('tbody tr, tfoot tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').replace(/\u00a0/g, ' '))),
    );

describe('clients, billable tagged time and the report', () => {
  it('bills a client’s tagged time exactly under rounding, grouped by client and by tag, and downloads it', async () => {
    const token = await signUp('Billing Bea');
    const page = await newPage({ token });

    // A client.
    await page.goto(`${baseUrl}/clients`);
    await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor();
    await page.getByLabel('Name').fill('Müller & Söhne GmbH');
    await page.getByRole('button', { name: 'Add client' }).click();
    await page.getByRole('button', { name: 'Edit Müller & Söhne GmbH' }).waitFor();
    const [client] = await api<Client[]>(token, 'GET', '/api/clients');
    expect(client?.name).toBe('Müller & Söhne GmbH');

    // A project for it, then its hourly rate.
    await page.goto(`${baseUrl}/projects`);
    await page.getByRole('button', { name: 'Add project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create project' });
    await dialog.getByLabel('Project name').fill('Relaunch');
    await dialog.getByLabel('Client', { exact: true }).selectOption({ label: 'Müller & Söhne GmbH' });
    expect(await dialog.getByLabel('New time is billable').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 5000 });
    await page.getByRole('row', { name: /Relaunch.*Client: Müller & Söhne GmbH/ }).waitFor();
    await page.getByRole('link', { name: 'Relaunch', exact: true }).click();
    await page.getByRole('link', { name: 'Client: Müller & Söhne GmbH' }).waitFor();
    await page.getByLabel('Hourly rate', { exact: true }).fill('92.50');
    await page.getByRole('form', { name: 'Update project' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your project has been updated.').waitFor();
    const [project] = await api<Project[]>(token, 'GET', '/api/projects');
    expect(project).toMatchObject({ clientId: client?._id, billableByDefault: true, hourlyRate: 92.5 });

    // Billable tagged time, and time that is not billable.
    await page.goto(`${baseUrl}/newtimeactivity/${project?._id}`);
    await page.getByRole('heading', { name: 'Track time for a project' }).waitFor();
    await trackByHand(page, {
      task: 'Konzept',
      tags: ['Workshop', '会議'],
      billable: true,
      start: '09:00',
      end: '10:20',
    });
    await trackByHand(page, {
      task: 'Review',
      tags: [],
      pickTag: 'Workshop',
      billable: true,
      start: '10:30',
      end: '10:37',
    });
    await trackByHand(page, { task: 'Intern', tags: [], billable: false, start: '11:00', end: '11:30' });
    const entries = await api<TimeActivity[]>(token, 'GET', `/api/timeactivities/${project?._id}`);
    expect(entries.map((e) => [e.activity, e.billable, e.tags]).sort()).toEqual([
      ['Intern', false, []],
      ['Konzept', true, ['Workshop', '会議']],
      ['Review', true, ['Workshop']],
    ]);

    // The report: every entry rounded up to 15 minutes (80 → 90, 7 → 15), at 92.50 an hour.
    await page.goto(`${baseUrl}/reports`);
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.getByLabel('Rounding').selectOption('up');
    await page.getByLabel('To', { exact: true }).last().selectOption('15');
    await page.getByLabel('Group by').selectOption('client');
    await page.getByRole('table', { name: 'Time by Client' }).waitFor();
    await expect
      .poll(() => tableRows(page, 'Time by Client'))
      .toEqual([
        ['Müller & Söhne GmbH', '01:57', '01:27', '01:45', '€161.88'],
        ['Total', '01:57', '01:27', '01:45', '€161.88'],
      ]);

    await page.getByLabel('Group by').selectOption('tag');
    // An entry with two tags is in both rows and once in the total.
    await expect
      .poll(async () => (await tableRows(page, 'Time by Tag')).sort())
      .toEqual(
        [
          ['No tag', '00:30', '00:00', '00:00', '€0.00'],
          ['Total', '01:57', '01:27', '01:45', '€161.88'],
          ['Workshop', '01:27', '01:27', '01:45', '€161.88'],
          ['会議', '01:20', '01:20', '01:30', '€138.75'],
        ].sort(),
      );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'billing-report-by-tag');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^timeledger-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-tag\.csv$/,
    );
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Tag,Hours,Billable hours,"Billable hours, rounded","Amount (billable, rounded)"');
    expect(lines.slice(1).sort()).toEqual(
      [
        'No tag,0.50,0.00,0.00,0.00',
        'Workshop,1.45,1.45,1.75,161.88',
        '会議,1.33,1.33,1.50,138.75',
        'Total,1.95,1.45,1.75,161.88',
      ].sort(),
    );
  });
});
