/**
 * Issue 36: the seller's invoice details on a settings page of their own, and each value a send
 * lacks shown beside the field where it is entered, linked from the invoice that cannot be sent.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, type FakeResponse, makeUser, renderApp, stubApi } from '@/app/testing';
import { setTestLanguage } from '@/test/i18n';

beforeEach(() => {
  localStorage.setItem('token', 'tok');
  window.HTMLElement.prototype.scrollIntoView = () => {};
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Settings where the street, the phone, the IBAN and both tax identifiers are empty. */
const settings = (over: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  address: '',
  taxId: '',
  bankDetails: '',
  paymentTermsDays: 14,
  numberPrefix: '',
  street: '',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  contactName: '',
  email: 'ada@example.com',
  phone: '',
  vatId: '',
  taxNumber: '',
  smallBusiness: false,
  iban: '',
  bic: '',
  invoiceLanguage: 'en',
  ...over,
});

const client = {
  _id: 'c1',
  name: 'Müller & Söhne',
  email: '',
  address: '',
  taxId: '',
  street: 'Königsallee 1',
  postcode: '',
  city: 'Düsseldorf',
  country: 'DE',
  language: null,
  vatId: '',
  buyerReference: '',
  createdAt: '2026-01-01T00:00:00.000Z',
};

function serve(extra: Record<string, FakeHandler | FakeResponse> = {}, language: 'de' | null = null) {
  return stubApi({
    'GET /api/auth': { body: makeUser({ premium: true, language }) },
    'GET /api/invoicesettings': { body: settings() },
    'GET /api/clients': { body: [client] },
    'GET /api/invoices': { body: [] },
    ...extra,
  });
}

/** The words beside a field: what its aria-describedby points at. */
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('the invoice details page', { timeout: 30_000 }, () => {
  it('marks each empty value sending needs beside its field, and no other', async () => {
    serve();
    renderApp('/settings/invoice-details');
    await screen.findByRole('heading', { level: 1, name: 'Invoice details' }, { timeout: 10_000 });
    const street = await screen.findByLabelText('Street and number');

    for (const label of ['Street and number', 'Phone', 'IBAN']) {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveAttribute('aria-invalid', 'true');
      expect(describedBy(field), label).toBe('Needed to send invoices');
    }
    const vatId = screen.getByLabelText('VAT ID (USt-IdNr.)');
    expect(describedBy(vatId)).toBe('Needed to send invoices: this or your tax number');
    for (const label of [
      'Name or company',
      'Postcode',
      'City',
      'BIC',
      'Contact person',
      'Tax number (Steuernummer)',
    ])
      expect(screen.getByLabelText(label), label).not.toHaveAttribute('aria-invalid');
    // Nobody followed a link here: nothing is focused for them.
    expect(document.activeElement).not.toBe(street);

    // Typing the value takes its mark away; a tax number answers for the VAT ID.
    const user = userEvent.setup();
    await user.type(street, 'Hauptstraße 5');
    await user.type(screen.getByLabelText('Tax number (Steuernummer)'), '12/345/67890');
    expect(street).not.toHaveAttribute('aria-invalid');
    expect(vatId).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('IBAN')).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves the details, and shows a refused IBAN beside the IBAN field', async () => {
    const api = serve({
      'PUT /api/invoicesettings': (body) =>
        (body as { iban: string }).iban === 'DE00 1234'
          ? {
              status: 400,
              body: { errors: [{ msg: 'Not a valid IBAN', code: 'IBAN_INVALID', param: 'iban' }] },
            }
          : { body: settings(body as Record<string, unknown>) },
    });
    renderApp('/settings/invoice-details');
    const iban = await screen.findByLabelText('IBAN', {}, { timeout: 10_000 });
    const user = userEvent.setup();

    await user.type(iban, 'DE00 1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedBy(iban)).toMatch(/IBAN/));
    expect(describedBy(iban)).not.toBe('Needed to send invoices');
    expect(iban).toHaveAttribute('aria-invalid', 'true');

    await user.clear(iban);
    await user.type(iban, 'DE89 3704 0044 0532 0130 00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your invoice details have been saved.');
    const saves = api.callsTo('PUT', '/api/invoicesettings');
    expect(saves).toHaveLength(2);
    expect(saves[1]?.body).toMatchObject({
      iban: 'DE89 3704 0044 0532 0130 00',
      street: '',
      postcode: '10115',
    });
  });

  it('shows a refused VAT ID beside the VAT ID field, in German', async () => {
    await setTestLanguage('de');
    serve(
      {
        'PUT /api/invoicesettings': {
          status: 400,
          body: {
            errors: [
              {
                msg: 'VAT ID is not a VAT ID',
                code: 'VAT_ID_INVALID',
                param: 'vatId',
                values: { field: 'vatId' },
              },
            ],
          },
        },
      },
      'de',
    );
    renderApp('/settings/invoice-details');
    const vatId = await screen.findByLabelText('USt-IdNr.', {}, { timeout: 10_000 });
    const user = userEvent.setup();

    await user.type(vatId, 'XX1');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(describedBy(vatId)).toMatch(/USt-IdNr\./));
    expect(describedBy(vatId)).not.toMatch(/Rechnungsversand/);
    expect(screen.getByRole('alert')).toBe(
      document.getElementById(vatId.getAttribute('aria-describedby') ?? ''),
    );
  });

  it('focuses the field a link targets, and marks the VAT ID that reverse charge asked for', async () => {
    serve({ 'GET /api/invoicesettings': { body: settings({ taxNumber: '12/345/67890' }) } });
    renderApp('/settings/invoice-details?missing=street,iban,vatId#iban');
    const iban = await screen.findByLabelText('IBAN', {}, { timeout: 10_000 });

    await waitFor(() => expect(document.activeElement).toBe(iban));
    expect(describedBy(iban)).toBe('Needed to send invoices');
    // The tax number would do for an ordinary invoice; the link said this one needs the VAT ID.
    expect(describedBy(screen.getByLabelText('VAT ID (USt-IdNr.)'))).toBe(
      'Needed to send invoices with reverse charge',
    );
  });

  it('speaks German', async () => {
    await setTestLanguage('de');
    serve({}, 'de');
    renderApp('/settings/invoice-details?missing=street#street');
    await screen.findByRole('heading', { level: 1, name: 'Rechnungsangaben' }, { timeout: 10_000 });
    const street = await screen.findByLabelText('Straße und Hausnummer');

    await waitFor(() => expect(document.activeElement).toBe(street));
    expect(describedBy(street)).toBe('Für den Rechnungsversand nötig');
    expect(describedBy(screen.getByLabelText('USt-IdNr.'))).toBe(
      'Für den Rechnungsversand nötig: diese oder Ihre Steuernummer',
    );
  });

  it('is linked from the settings page and the invoices page, where the form no longer is', async () => {
    serve();
    renderApp('/invoices');
    await screen.findByRole('heading', { level: 1, name: 'Invoices' }, { timeout: 10_000 });
    expect(screen.getByRole('link', { name: 'Your invoice details' })).toHaveAttribute(
      'href',
      '/settings/invoice-details',
    );
    expect(screen.queryByLabelText('IBAN')).toBeNull();
    expect(screen.queryByText('Your details on invoices')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Your invoice details' }));
    // Each screen is a lazy chunk: on a loaded machine its first load takes a while.
    await screen.findByRole('heading', { level: 1, name: 'Invoice details' }, { timeout: 10_000 });
    await user.click(screen.getByRole('link', { name: 'Back to settings' }));
    await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 10_000 });
    const section = screen.getByRole('region', { name: 'Your details on invoices' });
    expect(within(section).getByRole('link', { name: 'Edit your invoice details' })).toHaveAttribute(
      'href',
      '/settings/invoice-details',
    );
  });
});
