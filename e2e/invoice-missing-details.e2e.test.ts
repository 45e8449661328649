import { describe, expect, it } from 'vitest';
import { screenshot, seriousViolations } from './browser';
import { api, baseUrl, setUpBrowser, signUp } from './session';

/**
 * Issue 36 in headless Chromium against the real local stack: a user whose invoice details lack
 * the street and the IBAN, and whose client lacks a postcode, makes an invoice and presses Send;
 * the refusal lists each missing value as a link; the street link opens the invoice details page
 * with the street focused and its words beside it; once the seller's and the client's values are
 * filled in, the same invoice is sent.
 */
const { newPage } = setUpBrowser();

describe('an invoice whose details are incomplete', () => {
  it('links each missing value to its field, and is sent once they are filled in', async () => {
    const token = await signUp('Incomplete Ines');
    await api(token, 'PUT', '/api/invoicesettings', {
      name: 'Ines Incomplete',
      postcode: '10115',
      city: 'Berlin',
      email: 'ines@example.com',
      phone: '+49 30 1234567',
      vatId: 'DE123456789',
    });
    const client = await api<{ _id: string }>(token, 'POST', '/api/clients', {
      name: 'Zoë Ålesund AS',
      street: 'Königsallee 1',
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
      duration: 3_600_000,
      activity: 'Überarbeitung',
    });
    const page = await newPage({ token, timezoneId: 'UTC' });

    // The invoice, made in the app.
    await page.goto(`${baseUrl}/invoices`);
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
    await page.getByRole('button', { name: 'New invoice' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Client', { exact: true }).selectOption({ label: 'Zoë Ålesund AS' });
    await dialog.getByLabel('From').fill('2026-03-01');
    await dialog.getByLabel('To').fill('2026-03-31');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('cell', { name: 'Website' }).waitFor();
    await dialog.getByRole('button', { name: 'Create draft' }).click();
    await page.getByRole('heading', { name: /Invoice Draft/ }).waitFor();
    const invoiceUrl = page.url();

    const send = async () => {
      await page.getByRole('button', { name: 'Mark as sent' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Mark as sent' }).click();
    };
    await send();
    const refusal = page.getByRole('alert').filter({ hasText: 'This invoice cannot be sent yet' });
    await refusal.waitFor();
    expect(await refusal.getByRole('link').allInnerTexts()).toEqual([
      'Your street',
      'Your IBAN',
      "The client's postcode",
    ]);
    await screenshot(page, 'invoice-missing-details');
    expect(await seriousViolations(page), 'the invoice with its missing values').toEqual([]);

    // The street link: the invoice details page, the street focused, its words beside it.
    await refusal.getByRole('link', { name: 'Your street' }).click();
    await page.getByRole('heading', { name: 'Invoice details', exact: true }).waitFor();
    const street = page.getByLabel('Street and number');
    await expect.poll(() => street.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await street.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await street.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe('Needed to send invoices');
    await screenshot(page, 'invoice-details-missing');
    expect(await seriousViolations(page), 'the invoice details page').toEqual([]);
    // The light theme too: the marks' colour on a light page.
    const light = await newPage({ token, dark: false });
    await light.goto(page.url());
    await light.getByText('Needed to send invoices').first().waitFor();
    expect(await seriousViolations(light), 'the invoice details page, light').toEqual([]);

    await street.fill('Hauptstraße 5');
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your invoice details have been saved.').waitFor();
    await expect.poll(() => street.getAttribute('aria-invalid')).toBeNull();

    // Back to the invoice: only the client's postcode is left; its link opens the client's form.
    await page.goBack();
    await page.getByRole('heading', { name: /Invoice Draft/ }).waitFor();
    await send();
    await refusal.waitFor();
    expect(await refusal.getByRole('link').allInnerTexts()).toEqual(["The client's postcode"]);
    await refusal.getByRole('link', { name: "The client's postcode" }).click();
    await page.getByRole('heading', { name: 'Clients', exact: true }).waitFor();
    const postcode = page.locator('#client-postcode');
    await expect.poll(() => postcode.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await postcode.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page), "the client's form with its missing value").toEqual([]);
    await postcode.fill('40212');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('#client-postcode').waitFor({ state: 'detached' });

    await page.goto(invoiceUrl);
    await page.getByRole('heading', { name: /Invoice Draft/ }).waitFor();
    await send();
    const year = new Date().getUTCFullYear();
    await page.getByRole('heading', { name: `Invoice ${year}-0001` }).waitFor();
    expect(await page.getByText('This invoice cannot be sent yet').count()).toBe(0);
  });
});
