import * as z from 'zod/mini';
import { endpoint } from '../endpoint';
import { pathId } from '../fields';
import {
  invoiceCreateSchema,
  invoiceEmailSchema,
  invoiceSettingsSchema,
  invoiceUpdateSchema,
} from '../invoices';
import { lazy } from '../lazy';
import * as r from '../responses';
import { CURRENT_USER, INVOICE_CHANGE } from '../stale';
import { byId, list } from './shapes';

/** CONTRACT §8 "Invoices": the issuer's settings, invoices and their PDF. */

const invoicePath = /* @__PURE__ */ lazy(() => z.object({ id: pathId('INVOICE_NOT_FOUND') }));

export const getInvoiceSettings = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/invoicesettings',
  summary: 'The issuer on your invoices (the defaults until saved)',
  auth: true,
  tokenScope: 'read',
  answers: { 200: r.invoiceSettings },
});

export const updateInvoiceSettings = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/invoicesettings',
  summary: 'Save the issuer on your invoices (absent fields keep their value)',
  auth: true,
  tokenScope: 'write',
  body: invoiceSettingsSchema,
  answers: { 200: r.invoiceSettings },
  invalidates: ['getInvoiceSettings'],
});

export const listInvoices = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/invoices',
  summary: 'Your invoices, newest first',
  auth: true,
  tokenScope: 'read',
  answers: { 200: /* @__PURE__ */ list(r.invoice) },
});

export const createInvoice = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/invoices',
  summary:
    'A draft from a client’s uninvoiced billable time in a period (201); with dryrun=true the same invoice, not stored (200)',
  auth: true,
  tokenScope: 'write',
  query: () => z.object({ dryrun: z.optional(z.enum(['true', 'false'])) }),
  body: invoiceCreateSchema,
  answers: { 200: r.invoice, 201: r.invoice },
  errors: [404, 409],
  // A dry run (`?dryrun=true`) stores nothing: a client asks again only after a real one.
  invalidates: INVOICE_CHANGE,
});

export const getInvoice = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/invoices/{id}',
  auth: true,
  tokenScope: 'read',
  params: invoicePath,
  .../* @__PURE__ */ byId('One invoice', r.invoice),
});

export const getInvoicePdf = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/invoices/{id}/pdf',
  auth: true,
  tokenScope: 'read',
  params: invoicePath,
  .../* @__PURE__ */ byId(
    'The invoice as a PDF (application/pdf): once sent, the ZUGFeRD / Factur-X PDF/A-3 stored when it was sent; a draft, a preview',
    'pdf' as const,
  ),
});

export const getInvoiceXrechnung = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/invoices/{id}/xrechnung',
  auth: true,
  tokenScope: 'read',
  params: invoicePath,
  .../* @__PURE__ */ byId(
    'The issued invoice as XRechnung 3.0 in CII syntax (application/xml), the bytes stored when it was sent; a draft: 409 INVOICE_NOT_ISSUED',
    'xml' as const,
  ),
  errors: [404, 409],
});

export const getInvoiceUbl = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/invoices/{id}/ubl',
  auth: true,
  tokenScope: 'read',
  params: invoicePath,
  .../* @__PURE__ */ byId(
    'The issued invoice as XRechnung 3.0 in UBL 2.1 (application/xml), the bytes stored when it was sent; a draft: 409 INVOICE_NOT_ISSUED',
    'xml' as const,
  ),
  errors: [404, 409],
});

export const updateInvoice = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/invoices/{id}',
  summary:
    'Send (numbered), mark paid (income booked on the projects) or void an invoice (a sent or paid one: a credit note is issued)',
  auth: true,
  tokenScope: 'write',
  params: invoicePath,
  body: invoiceUpdateSchema,
  answers: { 200: r.invoice },
  errors: [404, 409],
  invalidates: INVOICE_CHANGE,
});

export const deleteInvoice = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/invoices/{id}',
  summary: 'Delete a draft (its entries are free again)',
  auth: true,
  tokenScope: 'write',
  params: invoicePath,
  answers: { 204: 'none' },
  errors: [404, 409],
  invalidates: INVOICE_CHANGE,
});

// --- credit notes and email (CONTRACT §9) ---------------------------------------------------------

export const emailInvoice = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/invoices/{id}/email',
  summary:
    'Email an issued invoice or credit note with its PDF and XRechnung attached, to `to` or the client (202); a draft: 409 INVOICE_NOT_ISSUED; past the hourly mail cap: 429 with Retry-After',
  auth: true,
  tokenScope: 'write',
  params: invoicePath,
  body: invoiceEmailSchema,
  answers: { 202: r.invoiceEmail },
  errors: [404, 409, 429, 503],
  // The invoice's `emails`; a capped mail may be held back (the user's `mailHeldUntil`).
  invalidates: ['listInvoices', 'getInvoice', ...CURRENT_USER],
});
