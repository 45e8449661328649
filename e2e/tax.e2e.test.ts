import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * The tax period in headless Chromium against the real local stack (issue 38): an invoice at 19 %
 * paid in the second quarter of 2026, another sent but unpaid, income and expenses with VAT and
 * categories in and around that quarter — then `/tax`, that quarter picked, every figure read
 * exactly, the CSV downloaded and read, the accrual basis for the view, and the phone layout.
 */
const { newPage } = setUpBrowser();

/** A user whose second quarter of 2026 holds one paid invoice, one unpaid, income and expenses. */
async function seedQuarter(): Promise<string> {
  const token = await signUp('Tax Tilda');
  // Sending makes an e-invoice, which needs both parties' details (CONTRACT §9).
  await api(token, 'PUT', '/api/invoicesettings', {
    name: 'Tilda Tax',
    street: 'Hauptstraße 5',
    postcode: '10115',
    city: 'Berlin',
    email: 'tilda@example.com',
    phone: '+49 30 1234567',
    vatId: 'DE123456789',
    iban: 'DE89370400440532013000',
  });
  const client = await api<{ _id: string }>(token, 'POST', '/api/clients', {
    name: 'Müller & Söhne GmbH',
    street: 'Königsallee 1',
    postcode: '40212',
    city: 'Düsseldorf',
  });
  const project = await api<{ _id: string }>(token, 'POST', '/api/projects', {
    name: 'Website',
    clientId: client._id,
    hourlyRate: 80,
  });
  // March: 2.5 h × 80 = 200.00 net, 38.00 VAT at 19 %, paid on 12 May (Q2).
  // April: 1 h × 80 = 80.00 net at 7 %, sent and never paid (counts nowhere on the cash basis).
  for (const [date, hours] of [
    ['2026-03-02', 1],
    ['2026-03-03', 1.5],
    ['2026-04-06', 1],
  ] as const) {
    await api(token, 'POST', '/api/timeactivities', {
      projectId: project._id,
      date,
      duration: hours * 3_600_000,
      activity: 'Überarbeitung',
    });
  }
  const invoice = async (startdate: string, enddate: string, taxRate: number) => {
    const draft = await api<{ _id: string }>(token, 'POST', '/api/invoices', {
      clientId: client._id,
      startdate,
      enddate,
      taxRate,
    });
    await api(token, 'PUT', `/api/invoices/${draft._id}`, { status: 'sent' });
    return draft._id;
  };
  const paid = await invoice('2026-03-01', '2026-03-31', 19);
  await api(token, 'PUT', `/api/invoices/${paid}`, { status: 'paid', paidDate: '2026-05-12' });
  await invoice('2026-04-01', '2026-04-30', 7);
  const finance = (date: string, amount: number, vatAmount: number, expense: boolean, category?: string) =>
    api(token, 'POST', '/api/financeactivities', {
      projectId: project._id,
      activity: expense ? 'Einkauf' : 'Beratung',
      date,
      amount,
      vatAmount,
      expense,
      ...(category ? { category } : {}),
    });
  await finance('2026-04-02', 500, 95, false);
  await finance('2026-04-20', 100, 19, true, 'hardware');
  await finance('2026-06-03', 49.9, 3.49, true, 'training');
  // Either side of the quarter: not counted.
  await finance('2026-03-31', 20, 3.8, true, 'office');
  await finance('2026-07-01', 10, 1.9, true, 'software');
  return token;
}

/** The cells of the row whose header is `name` (exactly), as shown. */
const cells = (page: Page, name: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
    .getByRole('cell')
    .allInnerTexts();

describe('/tax', () => {
  it('shows a quarter’s VAT return and profit to the cent, downloads them as CSV, and switches the basis for the view', async () => {
    const token = await seedQuarter();
    const page = await newPage({ token, timezoneId: 'UTC' });

    await page.goto(`${baseUrl}/dashboard`);
    // The dashboard's card (this quarter: nothing of 2026's second quarter) links to /tax.
    await page.getByRole('heading', { name: 'VAT to set aside this quarter' }).waitFor();
    await page.getByRole('link', { name: 'See this quarter’s figures' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Taxes' }).click();
    await page.getByRole('heading', { name: 'Taxes', level: 1 }).waitFor();
    await page.getByText(/files nothing with the tax office and is not tax advice/).waitFor();
    await page.getByLabel('Year', { exact: true }).selectOption('2026');
    await page.getByLabel('Period', { exact: true }).selectOption({ label: '2nd quarter (April–June)' });
    await page.getByRole('table', { name: '01 Apr 2026 – 30 Jun 2026, cash basis' }).waitFor();

    expect(await cells(page, 'Taxable sales at 19 %')).toEqual(['Kz 81', '€200.00', '€38.00']);
    expect(await page.getByRole('rowheader', { name: 'Taxable sales at 7 %' }).count()).toBe(0);
    expect(await cells(page, 'Sales under reverse charge (the customer owes the VAT)')).toEqual([
      'Kz 21 (EU), Kz 60 (Germany)',
      '€0.00',
      '',
    ]);
    expect(await cells(page, 'Input VAT on your expenses')).toEqual(['Kz 66', '', '€22.49']);
    expect(await cells(page, 'VAT to pay (Umsatzsteuer-Vorauszahlung)')).toEqual(['Kz 83', '', '€15.51']);
    expect(await cells(page, 'Income')).toEqual(['€700.00']);
    expect(await cells(page, 'Expenses')).toEqual(['€149.90']);
    expect(await cells(page, 'Hardware')).toEqual(['€100.00']);
    expect(await cells(page, 'Training')).toEqual(['€49.90']);
    expect(await cells(page, 'Profit')).toEqual(['€550.10']);
    expect(new URL(page.url()).search).toBe('?year=2026&period=q2');
    await screenshot(page, 'tax-quarter');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tax-2026-q2-cash.csv');
    const csv = await readFile(await download.path(), 'utf8');
    const p = '2026-04-01,2026-06-30,cash';
    expect(csv).toBe(
      `\uFEFF${[
        'From,To,Basis,Figure,Rate,Category,Net,VAT',
        `${p},outputVat,19,,200.00,38.00`,
        `${p},reverseChargeNet,,,0.00,`,
        `${p},exemptNet,,,0.00,`,
        `${p},inputVat,,,,22.49`,
        `${p},vatDue,,,,15.51`,
        `${p},income,,,700.00,`,
        `${p},expenses,,,149.90,`,
        `${p},expensesByCategory,,hardware,100.00,`,
        `${p},expensesByCategory,,training,49.90,`,
        `${p},profit,,,550.10,`,
      ].join('\r\n')}\r\n`,
    );

    // Accrual for this view only: both invoices count on the day they were sent (today, not in
    // the second quarter of 2026), so no output VAT; the entries count as before.
    await page.getByLabel('VAT basis', { exact: true }).selectOption('accrual');
    await page.getByRole('table', { name: '01 Apr 2026 – 30 Jun 2026, accrual basis' }).waitFor();
    expect(await page.getByRole('rowheader', { name: 'Taxable sales at 19 %' }).count()).toBe(0);
    expect(await cells(page, 'VAT to pay (Umsatzsteuer-Vorauszahlung)')).toEqual(['Kz 83', '', '-€22.49']);
    expect(await cells(page, 'Profit')).toEqual(['€550.10']);
    const me = await api<{ vatBasis: string }>(token, 'GET', '/api/auth');
    expect(me.vatBasis).toBe('cash');
  });

  it('fits a phone: no sideways scrolling, every amount on screen', async () => {
    const token = await seedQuarter();
    const page = await newPage({ token, width: 390, height: 844, touch: true, timezoneId: 'UTC' });

    await page.goto(`${baseUrl}/tax?year=2026&period=q2`);
    await page.getByRole('table', { name: /cash basis/ }).waitFor();

    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    const tables = await page
      .locator('.tax-table')
      .evaluateAll((els) => els.map((el) => el.scrollWidth - (el.parentElement?.clientWidth ?? 0)));
    for (const over of tables) expect(over).toBeLessThanOrEqual(0);
    // The box of the German form under each figure's name, the amounts beside it.
    await expect.poll(() => page.locator('.tax-box-inline').first().isVisible()).toBe(true);
    expect(await page.locator('.tax-box-inline').first().innerText()).toBe('Kz 81');
    await screenshot(page, 'tax-phone');
  });
});
