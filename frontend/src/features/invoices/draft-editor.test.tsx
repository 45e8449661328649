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

const line = {
  projectId: 'p1',
  description: 'Website',
  hours: 1.75,
  rate: 80,
  amount: 140,
  quantity: 1.75,
  unit: 'HUR',
  price: 80,
};
const draft = (over: Record<string, unknown> = {}) => ({
  _id: 'i1',
  number: null,
  status: 'draft',
  clientId: 'c1',
  client: { name: 'Müller & Söhne', email: '', address: '', taxId: '' },
  startdate: '2026-03-01',
  enddate: '2026-03-31',
  currency: 'EUR',
  lines: [line],
  subtotal: 140,
  taxRate: 19,
  tax: 26.6,
  total: 166.6,
  reverseCharge: false,
  notes: '',
  language: null,
  entryCount: 2,
  createdAt: '2026-04-01T00:00:00.000Z',
  sentAt: null,
  paidDate: null,
  voidedAt: null,
  taxCategory: 'S',
  documents: [],
  ...over,
});

describe('shaping a draft', { timeout: 30_000 }, () => {
  it('changes a description, adds a fixed-price item in the user’s number format, and sends the lines', async () => {
    let current = draft();
    const saved = draft({
      lines: [
        { ...line, description: 'Website-Relaunch' },
        {
          projectId: 'p1',
          description: 'Hosting',
          hours: 1,
          rate: 249.99,
          amount: 249.99,
          quantity: 1,
          unit: 'C62',
          price: 249.99,
        },
      ],
      subtotal: 389.99,
    });
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ premium: true, numberFormat: 'de-DE', language: 'de' }) },
      'GET /api/invoices/i1': () => ({ body: current }),
      'PUT /api/invoices/i1': () => {
        current = saved;
        return { body: saved };
      },
    });
    renderApp('/invoices/i1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Entwurf bearbeiten' }, { timeout: 10_000 }));
    const form = screen.getByRole('region', { name: 'Entwurf bearbeiten' });
    const first = within(form).getByRole('group', { name: 'Position 1' });
    const description = within(first).getByLabelText('Beschreibung');
    await user.clear(description);
    await user.type(description, 'Website-Relaunch');

    await user.click(within(form).getByRole('button', { name: 'Festpreis-Position hinzufügen' }));
    const second = within(form).getByRole('group', { name: 'Position 2' });
    expect(within(second).getByLabelText('Einheit')).toHaveValue('C62');
    await user.type(within(second).getByLabelText('Beschreibung'), 'Hosting');
    await user.type(within(second).getByLabelText('Preis'), '249,99');
    await user.click(within(form).getByRole('button', { name: 'Entwurf speichern' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/invoices/i1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/invoices/i1')[0]?.body).toEqual({
      startdate: '2026-03-01',
      enddate: '2026-03-31',
      notes: '',
      taxRate: 19,
      reverseCharge: false,
      lines: [
        { description: 'Website-Relaunch', quantity: 1.75, unit: 'HUR', price: 80, projectId: 'p1' },
        { description: 'Hosting', quantity: 1, unit: 'C62', price: 249.99, projectId: 'p1' },
      ],
    });
    // Saved: the form closes and the lines show the server's answer, the item with its unit.
    expect(await screen.findByRole('button', { name: 'Entwurf bearbeiten' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '1,00 Stk.' })).toBeInTheDocument();
  });

  it('keeps the form and says why when the server refuses the lines', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/invoices/i1': { body: draft() },
      'PUT /api/invoices/i1': {
        status: 400,
        body: {
          errors: [
            { msg: 'x', code: 'INVALID_LINE_PRICE', param: 'lines.0.price', values: { max: 100000000 } },
          ],
        },
      },
    });
    renderApp('/invoices/i1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit draft' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText(/Price must be a number from 0 with at most 2 decimals/),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Edit draft' })).toBeInTheDocument();
  });

  it('is not offered on a sent invoice', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/invoices/i1': { body: draft({ status: 'sent', number: '2026-0001' }) },
    });
    renderApp('/invoices/i1');
    await screen.findByRole('heading', { level: 1, name: /Invoice 2026-0001/ }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Edit draft' })).toBeNull();
  });
});
