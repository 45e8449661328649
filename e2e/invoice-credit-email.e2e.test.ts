import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { screenshot } from './browser';
import { api, baseUrl, setUpBrowser, signUp, uniqueEmail } from './session';

/**
 * Drafts people can shape, credit notes and invoices sent by email (CONTRACT §9) in headless
 * Chromium against the real local stack: a draft is shaped (a description changed, a fixed-price
 * item added), sent, emailed to the client through the local SES — whose store shows the
 * PDF and the XRechnung attached, the XRechnung the same bytes as its download — then voided, and
 * the credit note it issues is in the list, naming the invoice it cancels.
 */

const { newPage } = setUpBrowser();
const sesUrl = inject('sesUrl');

interface SesEmail {
  destination: { to: string[] };
  subject: string;
  attachments: { filename?: string; contentType: string; content: string }[];
}

/** Waits (up to 30 s) for the first email to `address`. */
async function firstMailTo(address: string): Promise<SesEmail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const store = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: SesEmail[] };
    const mail = store.emails.find((e) => e.destination.to.some((to) => to.includes(address)));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no email to ${address}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('an invoice shaped, emailed, then voided', () => {
  it('goes out as shaped with its PDF and XRechnung, and its void issues a credit note the list shows', async () => {
    const token = await signUp('Crediting Carla');
    await api(token, 'PUT', '/api/invoicesettings', {
      name: 'Carla Kredit',
      street: 'Hauptstraße 5',
      postcode: '10115',
      city: 'Berlin',
      email: 'carla@example.com',
      phone: '+49 30 1234567',
      vatId: 'DE123456789',
      iban: 'DE89370400440532013000',
      numberPrefix: 'RE-',
    });
    const buyer = uniqueEmail('buyer');
    const client = await api<{ _id: string }>(token, 'POST', '/api/clients', {
      name: 'Müller & Söhne GmbH',
      email: buyer,
      street: 'Königsallee 1',
      postcode: '40212',
      city: 'Düsseldorf',
    });
    const project = await api<{ _id: string }>(token, 'POST', '/api/projects', {
      name: 'Website',
      clientId: client._id,
      hourlyRate: 80,
    });
    await api(token, 'POST', '/api/timeactivities', {
      projectId: project._id,
      date: '2026-03-02',
      duration: 7_200_000,
      activity: 'Überarbeitung',
    });
    const draft = await api<{ _id: string }>(token, 'POST', '/api/invoices', {
      clientId: client._id,
      startdate: '2026-03-01',
      enddate: '2026-03-31',
      taxRate: 19,
    });
    const year = new Date().getUTCFullYear();
    const page = await newPage({ token, timezoneId: 'UTC' });

    await page.goto(`${baseUrl}/invoices/${draft._id}`);
    // Shaped first (CONTRACT §9): a description changed and a fixed-price item added.
    await page.getByRole('button', { name: 'Edit draft' }).click();
    const editor = page.getByRole('region', { name: 'Edit draft' });
    await editor.getByRole('group', { name: 'Line 1' }).getByLabel('Description').fill('Website relaunch');
    await editor.getByRole('button', { name: 'Add a fixed-price item' }).click();
    const item = editor.getByRole('group', { name: 'Line 2' });
    await item.getByLabel('Description').fill('Hosting setup');
    await item.getByLabel('Price').fill('250');
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Edit draft' }).waitFor();
    await page.getByRole('cell', { name: 'Hosting setup' }).waitFor();
    await page.getByRole('cell', { name: '€487.90' }).waitFor();

    await page.getByRole('button', { name: 'Mark as sent' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as sent' }).click();
    await page.getByRole('heading', { name: `Invoice RE-${year}-0001` }).waitFor();

    await page.getByRole('button', { name: 'Email to client' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Message (optional)').fill('Vielen Dank für den Auftrag!');
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await page.getByText(`Emailed to ${buyer}, with the PDF and the XRechnung attached.`).waitFor();
    const mail = await firstMailTo(buyer);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`Invoice-RE-${year}-0001.pdf`, 'application/pdf'],
      [`Invoice-RE-${year}-0001-xrechnung.xml`, 'application/xml'],
    ]);
    expect(Buffer.from(mail.attachments[0]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download XRechnung (CII)' }).click(),
    ]);
    expect(Buffer.from(mail.attachments[1]!.content, 'base64').equals(readFileSync(await xml.path()))).toBe(
      true,
    );
    const cii = Buffer.from(mail.attachments[1]!.content, 'base64').toString('utf8');
    expect(cii).toContain('<ram:Name>Website relaunch</ram:Name>');
    expect(cii).toContain('<ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity>');
    expect(cii).toContain('<ram:GrandTotalAmount>487.90</ram:GrandTotalAmount>');
    await page.getByRole('listitem').filter({ hasText: buyer }).waitFor();

    await page.getByRole('button', { name: 'Void', exact: true }).click();
    await page.getByRole('dialog').getByText('Void this invoice with a credit note?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Void', exact: true }).click();
    await page.getByRole('link', { name: `Cancelled by credit note RE-${year}-0002` }).waitFor();
    await screenshot(page, 'invoice-voided-with-credit-note');

    await page.goto(`${baseUrl}/invoices`);
    const row = page.getByRole('row').filter({ hasText: `RE-${year}-0002` });
    await row.getByText(`Credit note · cancels RE-${year}-0001`).waitFor();
    await expect(row.getByText('-€487.90').count()).resolves.toBe(1);
    await screenshot(page, 'invoices-with-credit-note');
  });
});
