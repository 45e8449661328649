import { describe, expect, it } from 'vitest';
import type { FinanceActivity } from '../contract/responses';
import { xrechnungCii } from '../functions/domain/billing/einvoice/xrechnung';
import { line, sampleDocument } from '../test/einvoice/samples';
import { screenshot } from './browser';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * A supplier's XRechnung uploaded on the expense page in headless Chromium against the real local
 * stack (CONTRACT §9 "E-invoices received"): it becomes an expense with the invoice's net and VAT,
 * shown at once, listed in the project; the same file again is refused as a duplicate.
 */

const { newPage } = setUpBrowser();

/** A supplier's invoice, made with the app's own XRechnung writer: 12.5 h × 90.00 + 49.99, 19 % VAT. */
const XRECHNUNG = xrechnungCii(
  sampleDocument('S', { number: 'RE-2026-0815', issueDate: '2026-03-02' }, [
    line('Website relaunch', 12_500, 9_000),
    line('Hosting', 1000, 4_999, 'C62'),
  ]),
);

describe('/newexpenseactivity: Upload an e-invoice', () => {
  it('turns a received XRechnung into an expense with its net and VAT, and refuses it the second time', async () => {
    const token = await signUp('Receiving Rosa');
    const project = await api<{ _id: string }>(token, 'POST', '/api/projects', { name: 'Website' });
    const page = await newPage({ token, timezoneId: 'UTC' });
    await page.goto(`${baseUrl}/newexpenseactivity/${project._id}`);

    const upload = page.getByRole('form', { name: 'Upload an e-invoice' });
    await upload.waitFor();
    const file = { name: 'RE-2026-0815.xml', mimeType: 'application/xml', buffer: Buffer.from(XRECHNUNG) };
    await upload.getByLabel('E-invoice (.xml or .pdf)').setInputFiles(file);
    await upload.getByRole('button', { name: 'Upload and book' }).click();

    const booked = upload.getByRole('region', { name: 'Booked as an expense' });
    await booked.waitFor();
    await booked.getByText('Jana Schmidt Webentwicklung').waitFor();
    await booked.getByText('Invoice RE-2026-0815').waitFor();
    await booked.getByText('€1,174.99').waitFor();
    await booked.getByText('€223.25').waitFor();
    await screenshot(page, 'einvoice-received');

    const [expense] = await api<FinanceActivity[]>(token, 'GET', `/api/financeactivities/${project._id}`);
    expect(expense).toMatchObject({
      amount: 1174.99,
      vatAmount: 223.25,
      expense: true,
      date: '2026-03-02T00:00:00.000Z',
      activity: 'Jana Schmidt Webentwicklung',
      description: 'Invoice RE-2026-0815',
    });

    await upload.getByLabel('E-invoice (.xml or .pdf)').setInputFiles(file);
    await upload.getByRole('button', { name: 'Upload and book' }).click();
    await upload
      .getByRole('alert')
      .getByText('Invoice RE-2026-0815 of Jana Schmidt Webentwicklung has already been booked')
      .waitFor();
    expect(await api<FinanceActivity[]>(token, 'GET', `/api/financeactivities/${project._id}`)).toHaveLength(
      1,
    );

    await page.goto(`${baseUrl}/projectdetails/${project._id}`);
    await page.getByText('Invoice RE-2026-0815').first().waitFor();
  });
});
