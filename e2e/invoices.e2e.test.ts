import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * Invoices in headless Chromium against the real local stack: a client's billable March is made
 * into an invoice (previewed first), its PDF downloaded and read back with pdftotext, the invoice
 * sent and paid — and the income shows on the project.
 */
const { newPage } = setUpBrowser();

describe('/invoices', () => {
  it('creates an invoice, downloads its PDF, marks it paid and shows the income on the project', async () => {
    const token = await signUp('Invoicing Ida');
    // Sending makes an e-invoice, which needs both parties' details (CONTRACT §9).
    await api(token, 'PUT', '/api/invoicesettings', {
      name: 'Ida Invoicing',
      street: 'Hauptstraße 5',
      postcode: '10115',
      city: 'Berlin',
      email: 'ida@example.com',
      phone: '+49 30 1234567',
      vatId: 'DE123456789',
      iban: 'DE89370400440532013000',
    });
    const client = await api<{ _id: string }>(token, 'POST', '/api/clients', {
      name: 'Müller & Söhne GmbH',
      address: 'Königsallee 1, Düsseldorf',
      street: 'Königsallee 1',
      postcode: '40212',
      city: 'Düsseldorf',
    });
    const project = await api<{ _id: string }>(token, 'POST', '/api/projects', {
      name: 'Website',
      clientId: client._id,
      hourlyRate: 80,
    });
    for (const [date, activity] of [
      ['2026-03-02', 'Überarbeitung'],
      ['2026-03-03', '会議の準備'],
    ]) {
      await api(token, 'POST', '/api/timeactivities', {
        projectId: project._id,
        date,
        duration: 3_600_000,
        activity,
      });
    }
    const page = await newPage({ token, timezoneId: 'UTC' });

    await page.goto(`${baseUrl}/invoices`);
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
    await page.getByRole('button', { name: 'New invoice' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Client', { exact: true }).selectOption({ label: 'Müller & Söhne GmbH' });
    await dialog.getByLabel('From').fill('2026-03-01');
    await dialog.getByLabel('To').fill('2026-03-31');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('cell', { name: 'Website' }).waitFor();
    await dialog.getByText('Billable entries on this invoice: 2').waitFor();
    await screenshot(page, 'invoice-preview');
    await dialog.getByRole('button', { name: 'Create draft' }).click();

    await page.getByRole('heading', { name: /Invoice Draft/ }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await download.path(), '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain('Müller & Söhne GmbH');
    expect(text).toContain('会議の準備');
    expect(text).toContain('€160.00');

    await page.getByRole('button', { name: 'Mark as sent' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as sent' }).click();
    const year = new Date().getUTCFullYear();
    await page.getByRole('heading', { name: `Invoice ${year}-0001` }).waitFor();
    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await page.getByRole('dialog').getByLabel('Paid on').fill('2026-04-15');
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as paid' }).click();
    await page.getByText('paid on 15 Apr 2026').waitFor();
    await screenshot(page, 'invoice-paid');

    await page.goto(`${baseUrl}/projectdetails/${project._id}`);
    await page.getByText('€160.00').first().waitFor();
    await page.getByText(`Invoice ${year}-0001`).first().waitFor();
  });
});
