import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { baseUrl, setUpBrowser, signUp } from './session';

/**
 * The import page in headless Chromium against the real local stack: a small Toggl Track file is
 * chosen, previewed and imported; the report lists the refused line; the CSV export from the
 * settings then holds the imported entries.
 */
const TOGGL = join(import.meta.dirname, '../test/csv/fixtures/toggl.csv');

const { newPage } = setUpBrowser();

describe('/import', () => {
  it('imports a Toggl Track file: preview, report with the refused line, then the CSV export holds the entries', async () => {
    const token = await signUp('Importing Ida');
    const page = await newPage({ token, timezoneId: 'UTC' });

    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('link', { name: 'import a CSV file' }).click();
    // The settings page has an "Import" heading of its own: wait for the new page, then its heading.
    await page.waitForURL((url) => url.pathname === '/import');
    await page.getByRole('heading', { name: 'Import', exact: true }).waitFor();

    await page.getByLabel('Tool').selectOption('toggl');
    await page.getByText('Reports → Detailed').waitFor();
    await page.getByLabel('CSV file').setInputFiles(TOGGL);
    await page.getByText('Projects that will be created: Website Relaunch, Internal').waitFor();
    await page.getByRole('cell', { name: 'Landing page, hero "v2"' }).waitFor();
    await screenshot(page, 'import-preview');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Report' }).waitFor();
    await page.getByText('Imported: 4 entries').waitFor();
    await page.getByText('Projects created: Website Relaunch, Internal').waitFor();
    await page.getByRole('cell', { name: 'Invalid date "2024-02-30"' }).waitFor();
    await screenshot(page, 'import-report');

    await page.goto(`${baseUrl}/settings`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export time entries (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^timeledger-time-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(
      csv.startsWith(
        '\uFEFFProject,Date,Start,End,Duration,Task,Sub-task,Notes,Client,Billable,Tags,Hours\r\n',
      ),
    ).toBe(true);
    // The file's client, billable flag and tag come back with the entry.
    expect(csv).toContain(
      'Website Relaunch,2024-03-04,09:00,10:30,01:30:00,Design,"Landing page, hero ""v2""",,Acme Corp,yes,client,1.50\r\n',
    );
    expect(csv).toContain('Standup 🚀');
    // The header and 4 records end in CRLF; the newline inside a quoted sub-task stays a bare LF.
    expect(csv.trimEnd().split('\r\n')).toHaveLength(1 + 4);
  });
});
