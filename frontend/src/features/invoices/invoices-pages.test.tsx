import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';

beforeEach(() => {
  localStorage.setItem('token', 'tok');
  configure({ asyncUtilTimeout: 5_000 });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const client = {
  _id: 'c1',
  name: 'Müller & Söhne',
  email: '',
  address: '',
  taxId: '',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const invoice = (over: Record<string, unknown> = {}) => ({
  _id: 'i1',
  number: null,
  status: 'draft',
  clientId: 'c1',
  client: { name: 'Müller & Söhne', email: '', address: '', taxId: '' },
  startdate: '2026-03-01',
  enddate: '2026-03-31',
  currency: 'EUR',
  lines: [
    {
      projectId: 'p1',
      description: 'Website',
      hours: 1.75,
      rate: 80,
      amount: 140,
      quantity: 1.75,
      unit: 'HUR',
      price: 80,
    },
  ],
  subtotal: 140,
  taxRate: 19,
  tax: 26.6,
  total: 166.6,
  reverseCharge: false,
  notes: '',
  entryCount: 2,
  createdAt: '2026-04-01T00:00:00.000Z',
  sentAt: null,
  paidDate: null,
  voidedAt: null,
  expenseIds: [],
  ...over,
});

const settings = {
  name: '',
  address: '',
  taxId: '',
  bankDetails: '',
  paymentTermsDays: 14,
  numberPrefix: '',
};

describe('new invoice', { timeout: 30_000 }, () => {
  it('previews the lines the server would bill without storing, and says when there is nothing to bill', async () => {
    let billable = true;
    const dryruns: (string | null)[] = [];
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/clients': { body: [client] },
      'GET /api/invoices': { body: [] },
      'GET /api/invoicesettings': { body: settings },
      'POST /api/invoices': (_body, url) =>
        dryruns.push(url.searchParams.get('dryrun')) && billable
          ? { status: url.searchParams.get('dryrun') === 'true' ? 200 : 201, body: invoice() }
          : {
              status: 400,
              body: { errors: [{ msg: 'Nothing to invoice', code: 'NOTHING_TO_INVOICE' }] },
            },
    });
    renderApp('/invoices');
    await screen.findByRole('heading', { level: 1, name: 'Invoices' }, { timeout: 10_000 });
    await screen.findByText("No invoices yet. Make one from a client's billable time.");
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'New invoice' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Client'), 'c1');
    await user.clear(within(dialog).getByLabelText('Tax rate (%)'));
    await user.type(within(dialog).getByLabelText('Tax rate (%)'), '19');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    await within(dialog).findByRole('cell', { name: 'Website' });
    expect(within(dialog).getByText('Billable entries on this invoice: 2')).toBeTruthy();
    expect(within(dialog).getByText('€166.60')).toBeTruthy();
    const asked = api.callsTo('POST', '/api/invoices');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.body).toMatchObject({
      clientId: 'c1',
      taxRate: 19,
      reverseCharge: false,
      includeExpenses: false,
    });
    expect(dryruns).toEqual(['true']);

    billable = false;
    await user.selectOptions(within(dialog).getByLabelText('Client'), 'c1');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'There is no uninvoiced billable time for this client in this period',
    );
    expect(within(dialog).queryByRole('cell', { name: 'Website' })).toBeNull();
  });
});

describe('new invoice with the client’s expenses', { timeout: 30_000 }, () => {
  it('re-bills them at cost only once the box is ticked: preview and draft send includeExpenses: true', async () => {
    const hotel = {
      projectId: 'p1',
      description: 'Hotel – Köln',
      hours: 1,
      rate: 123.45,
      amount: 123.45,
      quantity: 1,
      unit: 'C62',
      price: 123.45,
    };
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/clients': { body: [client] },
      'GET /api/invoices': { body: [] },
      'GET /api/invoicesettings': { body: settings },
      'GET /api/invoices/i1': { body: invoice() },
      'POST /api/invoices': (body, url) => {
        const withExpenses = (body as { includeExpenses?: boolean }).includeExpenses === true;
        const lines = withExpenses ? [hotel, ...invoice().lines] : invoice().lines;
        return {
          status: url.searchParams.get('dryrun') === 'true' ? 200 : 201,
          body: invoice({ lines, expenseIds: withExpenses ? ['x1'] : [] }),
        };
      },
    });
    renderApp('/invoices');
    await screen.findByRole('heading', { level: 1, name: 'Invoices' }, { timeout: 10_000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New invoice' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Client'), 'c1');
    const box = within(dialog).getByLabelText('Re-bill this client’s expenses at cost') as HTMLInputElement;
    expect(box.checked).toBe(false);

    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    await within(dialog).findByRole('cell', { name: 'Hotel – Köln' });
    expect(within(dialog).getByText('Expenses re-billed on this invoice: 1')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/invoices')).toHaveLength(2));
    for (const call of api.callsTo('POST', '/api/invoices')) {
      expect(call.body).toMatchObject({ clientId: 'c1', includeExpenses: true });
    }
  });
});

describe('an invoice', { timeout: 30_000 }, () => {
  it('is marked paid only after its confirmation, on the day chosen there', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/invoices/i1': { body: invoice({ status: 'sent', number: '2026-0001' }) },
      'PUT /api/invoices/i1': (body) => ({
        body: invoice({
          status: 'paid',
          number: '2026-0001',
          paidDate: (body as { paidDate: string }).paidDate,
        }),
      }),
    });
    renderApp('/invoices/i1');
    await screen.findByRole('heading', { level: 1, name: /Invoice 2026-0001/ }, { timeout: 10_000 });
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Mark as sent' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Mark as paid?')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/invoices/i1')).toHaveLength(0);
    const day = within(dialog).getByLabelText('Paid on');
    await user.clear(day);
    await user.type(day, '2026-04-15');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/invoices/i1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/invoices/i1')[0]?.body).toEqual({
      status: 'paid',
      paidDate: '2026-04-15',
    });
  });
});
