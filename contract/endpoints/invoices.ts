import { endpoint } from '../endpoint';
import { invoiceSettingsSchema } from '../invoices';
import * as r from '../responses';

/** CONTRACT §8 "Invoices": the issuer's settings (invoices themselves follow with clients). */

export const getInvoiceSettings = endpoint({
  method: 'GET',
  path: '/api/invoicesettings',
  summary: 'The issuer on your invoices (the defaults until saved)',
  auth: true,
  tokenScope: 'read',
  answers: { 200: r.invoiceSettings },
});

export const updateInvoiceSettings = endpoint({
  method: 'PUT',
  path: '/api/invoicesettings',
  summary: 'Save the issuer on your invoices (absent fields keep their value)',
  auth: true,
  tokenScope: 'write',
  body: invoiceSettingsSchema,
  answers: { 200: r.invoiceSettings },
});
