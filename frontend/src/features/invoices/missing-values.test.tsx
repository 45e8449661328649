/**
 * Issue 36: a send refused with INVOICE_INCOMPLETE lists each missing value in words, each a link
 * to the field where it is entered — the invoice details page or the client's edit form — which
 * marks and focuses it on arriving.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';
import { setTestLanguage } from '@/test/i18n';

beforeEach(() => {
  localStorage.setItem('token', 'tok');
  window.HTMLElement.prototype.scrollIntoView = () => {};
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const draft = {
  _id: 'i1',
  number: null,
  status: 'draft',
  clientId: 'c1',
  client: { name: 'Müller & Söhne', email: '', address: '', taxId: '' },
  startdate: '2026-03-01',
  enddate: '2026-03-31',
  currency: 'EUR',
  lines: [{ projectId: 'p1', description: 'Website', hours: 1, rate: 80, amount: 80 }],
  subtotal: 80,
  taxRate: 0,
  tax: 0,
  total: 80,
  reverseCharge: true,
  notes: '',
  entryCount: 1,
  createdAt: '2026-04-01T00:00:00.000Z',
  sentAt: null,
  paidDate: null,
  voidedAt: null,
};

const client = {
  _id: 'c1',
  name: 'Müller & Söhne',
  email: '',
  address: '',
  taxId: '',
  street: '',
  postcode: '',
  city: 'Wien',
  country: 'AT',
  language: null,
  vatId: '',
  buyerReference: '',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const incomplete = (param: string, field: string) => ({
  msg: `${field} is missing: an e-invoice cannot be sent without it`,
  code: 'INVOICE_INCOMPLETE',
  param,
  values: { field },
});

/** The server's refusal of the send: the seller's street and VAT ID, the client's postcode and VAT ID. */
const REFUSAL = {
  status: 400,
  body: {
    errors: [
      incomplete('invoicesettings.street', 'sellerStreet'),
      incomplete('invoicesettings.vatId', 'sellerVatId'),
      incomplete('client.postcode', 'clientPostcode'),
      incomplete('client.vatId', 'clientVatId'),
    ],
  },
};

function serve(language: 'de' | null = null) {
  return stubApi({
    'GET /api/auth': { body: makeUser({ premium: true, language }) },
    'GET /api/invoices/i1': { body: draft },
    'PUT /api/invoices/i1': REFUSAL,
    'GET /api/clients': { body: [client] },
    'GET /api/invoicesettings': {
      body: { name: 'Ada', address: '', taxId: '', bankDetails: '', paymentTermsDays: 14, numberPrefix: '' },
    },
  });
}

/** Presses Send and confirms it; answers the refusal's list of what is missing (under its heading). */
async function refusedSend(button: string, heading: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: button }, { timeout: 10_000 }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: button }));
  const alert = (await screen.findByText(heading)).closest('[role="alert"]') as HTMLElement;
  return { user, list: within(alert).getByRole('list') };
}

const SENT = 'Mark as sent';
const TITLE = 'This invoice cannot be sent yet. Add these details first:';

const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('an invoice that cannot be sent yet', { timeout: 30_000 }, () => {
  it('names each missing value as a link to the field where it is entered', async () => {
    serve();
    renderApp('/invoices/i1');
    const { list } = await refusedSend(SENT, TITLE);

    const links = within(list)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Your street', '/settings/invoice-details?missing=street,vatId#street'],
      ['Your VAT ID, which reverse charge needs', '/settings/invoice-details?missing=street,vatId#vatId'],
      ["The client's postcode", '/clients?edit=c1&missing=postcode,vatId#client-postcode'],
      [
        "The client's VAT ID, which reverse charge needs",
        '/clients?edit=c1&missing=postcode,vatId#client-vatId',
      ],
    ]);
    // The list says it all: no single message of the first value besides.
    expect(screen.queryByText(/is missing: an e-invoice cannot be sent/)).toBeNull();
  });

  it('leads to the street field, focused, with its words beside it', async () => {
    serve();
    renderApp('/invoices/i1');
    const { user, list } = await refusedSend(SENT, TITLE);

    await user.click(within(list).getByRole('link', { name: 'Your street' }));
    await screen.findByRole('heading', { level: 1, name: 'Invoice details' }, { timeout: 10_000 });
    const street = await screen.findByLabelText('Street and number');
    await waitFor(() => expect(document.activeElement).toBe(street));
    expect(street).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(street)).toBe('Needed to send invoices');
  });

  it("opens the client's form at the postcode, and marks the VAT ID reverse charge needs", async () => {
    serve();
    renderApp('/invoices/i1');
    const { user, list } = await refusedSend(SENT, TITLE);

    await user.click(within(list).getByRole('link', { name: "The client's postcode" }));
    await screen.findByRole('heading', { level: 1, name: 'Clients' }, { timeout: 10_000 });
    const form = (await screen.findByRole('button', { name: 'Save' })).closest('form') as HTMLElement;
    const postcode = within(form).getByLabelText('Postcode');
    await waitFor(() => expect(document.activeElement).toBe(postcode));
    expect(describedBy(postcode)).toBe('Needed to send invoices');
    expect(describedBy(within(form).getByLabelText(/VAT ID/))).toBe(
      'Needed to send invoices with reverse charge',
    );
    // The street is no e-invoice's requirement of a buyer: not marked.
    expect(within(form).getByLabelText('Street and number')).not.toHaveAttribute('aria-invalid');
    // The form for a new client marks nothing.
    const newForm = screen.getByRole('button', { name: 'Add client' }).closest('form') as HTMLElement;
    expect(within(newForm).getByLabelText('Postcode')).not.toHaveAttribute('aria-invalid');
  });

  it('names the missing values in German', async () => {
    await setTestLanguage('de');
    serve('de');
    renderApp('/invoices/i1');
    const { list } = await refusedSend(
      'Als versendet markieren',
      'Diese Rechnung kann noch nicht gesendet werden. Ergänzen Sie zuerst diese Angaben:',
    );

    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Ihre Straße',
      'Ihre USt-IdNr., die das Reverse-Charge-Verfahren verlangt',
      'Die PLZ des Kunden',
      'Die USt-IdNr. des Kunden, die das Reverse-Charge-Verfahren verlangt',
    ]);
  });
});
