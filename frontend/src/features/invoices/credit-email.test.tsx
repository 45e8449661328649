import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';

/** Credit notes, the e-invoice downloads and "Email to client" in the app (CONTRACT §9). */

beforeEach(() => {
  localStorage.setItem('token', 'tok');
  configure({ asyncUtilTimeout: 5_000 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DOCUMENTS = [
  { kind: 'pdf', sha256: 'a'.repeat(64), bytes: 1000 },
  { kind: 'xrechnung', sha256: 'b'.repeat(64), bytes: 900 },
  { kind: 'ubl', sha256: 'c'.repeat(64), bytes: 950 },
];

const invoice = (over: Record<string, unknown> = {}) => ({
  _id: 'i1',
  number: 'RE-2026-0001',
  status: 'sent',
  clientId: 'c1',
  client: { name: 'Müller & Söhne', email: 'buch@mueller.example', address: '', taxId: '' },
  startdate: '2026-03-01',
  enddate: '2026-03-31',
  currency: 'EUR',
  lines: [{ projectId: 'p1', description: 'Website', hours: 1.75, rate: 80, amount: 140 }],
  subtotal: 140,
  taxRate: 19,
  tax: 26.6,
  total: 166.6,
  reverseCharge: false,
  notes: '',
  entryCount: 2,
  createdAt: '2026-04-01T00:00:00.000Z',
  sentAt: '2026-04-01T10:00:00.000Z',
  paidDate: null,
  voidedAt: null,
  taxCategory: 'S',
  documents: DOCUMENTS,
  kind: 'invoice',
  creditedInvoiceId: null,
  creditNoteId: null,
  emails: [],
  ...over,
});

const creditNote = invoice({
  _id: 'n1',
  number: 'RE-2026-0002',
  kind: 'creditNote',
  creditedInvoiceId: 'i1',
  entryCount: 0,
});
const voided = invoice({ status: 'void', voidedAt: '2026-04-02T09:00:00.000Z', creditNoteId: 'n1' });

describe('the invoice list', { timeout: 30_000 }, () => {
  it('shows a credit note as such, with the invoice it cancels and its total taken off', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/invoices': { body: [creditNote, voided] },
      'GET /api/invoicesettings': {
        body: { name: '', address: '', taxId: '', bankDetails: '', paymentTermsDays: 14, numberPrefix: '' },
      },
    });
    renderApp('/invoices');

    const link = await screen.findByRole('link', { name: 'RE-2026-0002' }, { timeout: 10_000 });
    const row = link.closest('tr')!;
    expect(row.textContent).toContain('Credit note · cancels RE-2026-0001');
    expect(within(row).getByText('-€166.60')).toBeTruthy();
    const original = screen.getByRole('link', { name: 'RE-2026-0001' }).closest('tr')!;
    expect(original.textContent).not.toContain('Credit note');
    expect(within(original).getByText('Void')).toBeTruthy();
  });
});

describe('an issued invoice', { timeout: 30_000 }, () => {
  it('says that voiding issues a credit note, and voids only after that is confirmed', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/invoices/i1': { body: invoice({ status: 'paid', paidDate: '2026-04-15' }) },
      'PUT /api/invoices/i1': { body: voided },
      'GET /api/invoices/n1': { body: creditNote },
    });
    renderApp('/invoices/i1');
    await screen.findByRole('heading', { level: 1, name: /Invoice RE-2026-0001/ }, { timeout: 10_000 });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Void this invoice with a credit note?')).toBeTruthy();
    expect(dialog.textContent).toContain('A credit note (Stornorechnung) with the next number cancels it');
    expect(dialog.textContent).toContain(
      'A paid invoice’s income is reversed by an expense on each project.',
    );
    expect(api.callsTo('PUT', '/api/invoices/i1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/invoices/i1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/invoices/i1')[0]?.body).toEqual({ status: 'void' });
  });

  it('downloads the PDF, the XRechnung and the UBL it was issued with', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/invoices/i1': { body: invoice() },
      'GET /api/invoices/i1/xrechnung': { body: '<xml/>' },
      'GET /api/invoices/i1/ubl': { body: '<xml/>' },
      'GET /api/invoices/i1/pdf': { body: '%PDF' },
    });
    URL.createObjectURL = () => 'blob:file';
    URL.revokeObjectURL = () => {};
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderApp('/invoices/i1');
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', { name: 'Download XRechnung (CII)' }, { timeout: 10_000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Download UBL' }));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));

    await waitFor(() => expect([...saved].sort()).toEqual(['invoice.pdf', 'ubl.xml', 'xrechnung.xml']));
    expect(api.callsTo('GET', '/api/invoices/i1/xrechnung')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/invoices/i1/ubl')).toHaveLength(1);
  });

  it('has no XRechnung, UBL or email while it is a draft', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/invoices/i1': {
        body: invoice({ status: 'draft', number: null, documents: [], sentAt: null }),
      },
    });
    renderApp('/invoices/i1');

    await screen.findByRole('button', { name: 'Download PDF' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Download XRechnung (CII)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Email to client' })).toBeNull();
  });
});

describe('a credit note', { timeout: 30_000 }, () => {
  it('names and links the invoice it cancels, and cannot be voided or paid', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/invoices/n1': { body: creditNote },
      'GET /api/invoices/i1': { body: voided },
    });
    renderApp('/invoices/n1');

    await screen.findByRole('heading', { level: 1, name: /Credit note RE-2026-0002/ }, { timeout: 10_000 });
    const link = await screen.findByRole('link', { name: 'This credit note cancels invoice RE-2026-0001.' });
    expect(link.getAttribute('href')).toBe('/invoices/i1');
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as paid' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Email to client' })).toBeTruthy();
  });
});

describe('Email to client', { timeout: 30_000 }, () => {
  async function openDialog(post: Parameters<typeof stubApi>[0][string]) {
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/invoices/i1': { body: invoice() },
      'POST /api/invoices/i1/email': post,
    });
    renderApp('/invoices/i1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Email to client' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    return { api, user, dialog };
  }

  it('sends to the address and with the message given, and says where it went', async () => {
    const { api, user, dialog } = await openDialog((body) => ({
      status: 202,
      body: {
        to: (body as { to?: string }).to ?? 'buch@mueller.example',
        sentAt: '2026-04-02T10:00:00.000Z',
      },
    }));
    expect(within(dialog).getByText('Email Invoice RE-2026-0001')).toBeTruthy();
    expect(dialog.textContent).toContain('Empty: the client’s email address (buch@mueller.example).');

    await user.type(within(dialog).getByLabelText('To'), 'rechnung@kunde.example');
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Vielen Dank! 🚀');
    await user.click(within(dialog).getByRole('button', { name: 'Send email' }));

    expect(
      await screen.findByText('Emailed to rechnung@kunde.example, with the PDF and the XRechnung attached.'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/invoices/i1/email')[0]?.body).toEqual({
      to: 'rechnung@kunde.example',
      message: 'Vielen Dank! 🚀',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends to the client when no address is given', async () => {
    const { api, user, dialog } = await openDialog({
      status: 202,
      body: { to: 'buch@mueller.example', sentAt: '2026-04-02T10:00:00.000Z' },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Send email' }));

    await screen.findByText('Emailed to buch@mueller.example, with the PDF and the XRechnung attached.');
    expect(api.callsTo('POST', '/api/invoices/i1/email')[0]?.body).toEqual({});
  });

  it('says when the hourly mail cap held it back, and keeps the dialog open', async () => {
    const { user, dialog } = await openDialog({
      status: 429,
      body: { errors: [{ msg: 'Too many emails', code: 'TOO_MANY_EMAILS' }] },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Send email' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain('Held back, nothing was sent');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows the server’s refusal in the app’s words', async () => {
    const { user, dialog } = await openDialog({
      status: 400,
      body: { errors: [{ msg: 'x', code: 'INVALID_EMAIL', param: 'to' }] },
    });

    await user.type(within(dialog).getByLabelText('To'), 'kein@adresse');
    await user.click(within(dialog).getByRole('button', { name: 'Send email' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain('Please include a valid email');
  });
});
