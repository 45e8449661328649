import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FinanceActivity, Project } from '../contract/responses';
import { screenshot, seriousViolations } from './browser';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * Receipts in headless Chromium against the real local stack (`npm start`: the local S3 server
 * runs the receipt check after each upload): an expense added with a receipt from the file chooser,
 * listed on its project, and opened in a new tab from the presigned URL.
 */

const { newPage } = setUpBrowser();

/** A real 1×1 PNG, written to a file as a phone's photo would be. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('receipts', () => {
  it('adds an expense with a receipt from the file chooser, lists it on the project and opens it', async () => {
    const token = await signUp('Receipt Rita');
    const project = await api<Project>(token, 'POST', '/api/projects', { name: 'Reisen' });
    const folder = mkdtempSync(join(tmpdir(), 'receipt-'));
    const photo = join(folder, 'Bahnticket München 🚄.png');
    writeFileSync(photo, PNG);

    const page = await newPage({ token });
    await page.goto(`${baseUrl}/newexpenseactivity/${project._id}`);
    await page.getByRole('heading', { name: 'Track an expense for a project' }).waitFor();
    await page
      .getByRole('form', { name: 'Track an expense for a project' })
      .getByRole('button', { name: /Reisen/ })
      .waitFor();
    await page.getByLabel('Task', { exact: true }).fill('Train');
    await page.getByLabel('Amount (expense)').fill('49.90');
    const chooser = page.waitForEvent('filechooser');
    await page.getByText('Choose a file or take a photo').click();
    await (await chooser).setFiles(photo);
    await page
      .getByRole('list', { name: 'Receipts' })
      .getByText('Bahnticket München 🚄.png', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Save and close' }).click();
    // The save uploads the receipt and waits for the server's check before going home.
    await page.waitForURL(`${baseUrl}/home`, { timeout: 30_000 });

    const [expense] = await api<FinanceActivity[]>(token, 'GET', `/api/financeactivities/${project._id}`);
    expect(expense?.receipts).toEqual([
      expect.objectContaining({
        filename: 'Bahnticket München 🚄.png',
        contentType: 'image/png',
        bytes: PNG.length,
      }),
    ]);

    await page.goto(`${baseUrl}/projectdetails/${project._id}`);
    const open = page.getByRole('button', { name: /^Open receipt\s*Bahnticket München 🚄\.png$/ });
    await open.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'receipts-listed');

    const opened = page.context().waitForEvent('page');
    await open.click();
    const tab = await opened;
    await tab.waitForURL(/X-Amz-Signature=/, { timeout: 15_000 });
    const shown = await tab.evaluate(async () => {
      const answer = await fetch(location.href);
      return { type: answer.headers.get('content-type'), bytes: (await answer.arrayBuffer()).byteLength };
    });
    expect(shown).toEqual({ type: 'image/png', bytes: PNG.length });
  });
});
