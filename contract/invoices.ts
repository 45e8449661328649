import * as z from 'zod/mini';
import { LANGUAGES } from './enums';
import { schemaMessage } from './error-codes';
import { entityIdField, requiredTextField, textField } from './fields';
import { type Built, lazy } from './lazy';
import { MAX_AMOUNT, MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from './limits';
import { amountToCents } from './money';
import {
  countryField,
  ibanField,
  invoiceLanguageField,
  partyEmailField,
  partyText,
  vatIdField,
} from './party-fields';

/** Request schemas of invoices and their issuer settings (CONTRACT §8 "Invoices"). */

/** A day `yyyy-mm-dd` that exists in the calendar. */
export const isCalendarDay = (d: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const t = Date.parse(`${d}T00:00:00.000Z`);
  return (
    !Number.isNaN(t) && new Date(t).toISOString().startsWith(d) && d >= '1900-01-01' && d <= '2999-12-31'
  );
};

const day = (field: 'startdate' | 'enddate' | 'paidDate') =>
  z
    .string({ error: schemaMessage('DAY_REQUIRED', { field }) })
    .check(z.refine(isCalendarDay, schemaMessage('INVALID_DAY', { field })));

const TAX_RATE_MESSAGE = schemaMessage('INVALID_TAX_RATE');
/** 0–100 with at most 2 decimals, as hundredths of a percent (19.5 → 1950). */
const taxRate = /* @__PURE__ */ lazy(() =>
  z.pipe(
    z.number({ error: TAX_RATE_MESSAGE }),
    z.transform((value: number, ctx) => {
      const hundredths = amountToCents(value);
      if (hundredths === undefined || hundredths > 10_000) {
        ctx.issues.push({ code: 'custom', message: TAX_RATE_MESSAGE, input: value });
        return z.NEVER;
      }
      return hundredths;
    }),
  ),
);

/** Body of POST /api/invoices: a draft from a client's uninvoiced billable time in a period. */
export const invoiceCreateSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      clientId: entityIdField('clientId', 'CLIENT_NOT_FOUND'),
      startdate: day('startdate'),
      enddate: day('enddate'),
      taxRate: z.optional(taxRate()),
      reverseCharge: z.optional(
        z.boolean({ error: schemaMessage('NOT_BOOLEAN', { field: 'reverseCharge' }) }),
      ),
      notes: z.optional(textField('notes', MAX_TEXT_LENGTH)),
      lineGrouping: z.optional(
        z.enum(LINE_GROUPINGS, {
          error: schemaMessage('NOT_ONE_OF', { field: 'lineGrouping', options: LINE_GROUPINGS.join(', ') }),
        }),
      ),
      /** The client's expenses in the period re-billed at cost, one line each (CONTRACT §9). */
      includeExpenses: z.optional(
        z.boolean({ error: schemaMessage('NOT_BOOLEAN', { field: 'includeExpenses' }) }),
      ),
    })
    .check(
      z.refine((b) => b.startdate <= b.enddate, {
        message: schemaMessage('START_AFTER_END_DAY'),
        path: ['startdate'],
      }),
    ),
);

/** How a draft's time becomes lines: one per project (default), per project and task, or per entry. */
export const LINE_GROUPINGS = ['project', 'task', 'entry'] as const;
export type LineGrouping = (typeof LINE_GROUPINGS)[number];

/** The units of a line (UN/ECE rec. 20): hours, days, pieces (a fixed-price item). */
export const LINE_UNITS = ['HUR', 'DAY', 'C62'] as const;
export type LineUnit = (typeof LINE_UNITS)[number];

/** The most lines an invoice has (each is a row of the PDF and of the e-invoice). */
export const MAX_INVOICE_LINES = 200;
/** The largest quantity of a line. */
export const MAX_LINE_QUANTITY = 1_000_000;

const QUANTITY_MESSAGE = schemaMessage('INVALID_LINE_QUANTITY', { max: MAX_LINE_QUANTITY });
const PRICE_MESSAGE = schemaMessage('INVALID_LINE_PRICE', { max: MAX_AMOUNT });

/** A decimal with at most 2 decimals in hundredths; `positive` refuses 0. */
const hundredths = (message: ReturnType<typeof schemaMessage>, max: number, positive: boolean) =>
  z.pipe(
    z.number({ error: message }),
    z.transform((value: number, ctx) => {
      const h = value <= max ? amountToCents(value) : undefined;
      if (h === undefined || (positive && h === 0)) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return h;
    }),
  );

/** One line of a draft as the app shapes it: quantity and price to 2 decimals. */
const invoiceLineInput = /* @__PURE__ */ lazy(() =>
  z.object({
    description: requiredTextField('description', MAX_NAME_LENGTH),
    quantity: hundredths(QUANTITY_MESSAGE, MAX_LINE_QUANTITY, true),
    unit: z.enum(LINE_UNITS, {
      error: schemaMessage('NOT_ONE_OF', { field: 'unit', options: LINE_UNITS.join(', ') }),
    }),
    price: hundredths(PRICE_MESSAGE, MAX_AMOUNT, false),
    /** The project its income is booked on when paid; default the draft's first line's. */
    projectId: z.optional(entityIdField('projectId', 'PROJECT_NOT_FOUND')),
  }),
);

const DRAFT_FIELDS = [
  'startdate',
  'enddate',
  'notes',
  'taxRate',
  'reverseCharge',
  'language',
  'lines',
] as const;

/**
 * Body of PUT /api/invoices/{id}: the next status (and the day it was paid) — or, on a draft, its
 * shape (CONTRACT §9 "Drafts people can shape"): period, notes, tax, language and the lines, which
 * replace the lines (the entries stay with the invoice). One or the other, not both.
 */
export const invoiceUpdateSchema = /* @__PURE__ */ lazy(() =>
  z
    .object({
      status: z.optional(
        z.enum(['sent', 'paid', 'void'], {
          error: schemaMessage('NOT_ONE_OF', { field: 'status', options: 'sent, paid, void' }),
        }),
      ),
      paidDate: z.optional(day('paidDate')),
      startdate: z.optional(day('startdate')),
      enddate: z.optional(day('enddate')),
      notes: z.optional(textField('notes', MAX_TEXT_LENGTH)),
      taxRate: z.optional(taxRate()),
      reverseCharge: z.optional(
        z.boolean({ error: schemaMessage('NOT_BOOLEAN', { field: 'reverseCharge' }) }),
      ),
      language: z.optional(
        z.enum(LANGUAGES, {
          error: schemaMessage('NOT_ONE_OF', { field: 'language', options: LANGUAGES.join(', ') }),
        }),
      ),
      lines: z.optional(
        z
          .array(invoiceLineInput(), {
            error: schemaMessage('INVOICE_LINES_COUNT', { max: MAX_INVOICE_LINES }),
          })
          .check(
            z.minLength(1, schemaMessage('INVOICE_LINES_COUNT', { max: MAX_INVOICE_LINES })),
            z.maxLength(MAX_INVOICE_LINES, schemaMessage('INVOICE_LINES_COUNT', { max: MAX_INVOICE_LINES })),
          ),
      ),
    })
    .check(
      z.refine((b) => b.status !== undefined || DRAFT_FIELDS.some((f) => b[f] !== undefined), {
        message: schemaMessage('NOT_ONE_OF', { field: 'status', options: 'sent, paid, void' }),
        path: ['status'],
      }),
      z.refine((b) => b.status === undefined || DRAFT_FIELDS.every((f) => b[f] === undefined), {
        message: schemaMessage('INVOICE_UPDATE_MIXED'),
        path: ['status'],
      }),
      z.refine((b) => !b.startdate || !b.enddate || b.startdate <= b.enddate, {
        message: schemaMessage('START_AFTER_END_DAY'),
        path: ['startdate'],
      }),
    ),
);

const PAYMENT_TERMS = schemaMessage('OUT_OF_RANGE', { field: 'paymentTermsDays', min: 0, max: 365 });

/**
 * Body of PUT /api/invoicesettings: the issuer, the seller of its e-invoices (CONTRACT §9 "Issuer
 * and client details"); every field optional, absent ones keep their value. `taxId` is release 3's
 * one identifier: the server reads it as `vatId` when it has that form, else as `taxNumber`.
 */
export const invoiceSettingsSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    name: z.optional(textField('name', MAX_NAME_LENGTH)),
    address: z.optional(textField('address', MAX_TEXT_LENGTH)),
    taxId: z.optional(textField('taxId', MAX_NAME_LENGTH)),
    street: partyText('street'),
    postcode: partyText('postcode'),
    city: partyText('city'),
    country: z.optional(countryField()),
    email: z.optional(partyEmailField()),
    phone: partyText('phone'),
    contactName: partyText('contactName'),
    vatId: z.optional(vatIdField('vatId')),
    taxNumber: partyText('taxNumber'),
    iban: z.optional(ibanField()),
    bic: partyText('bic'),
    smallBusiness: z.optional(z.boolean({ error: schemaMessage('NOT_BOOLEAN', { field: 'smallBusiness' }) })),
    invoiceLanguage: z.optional(invoiceLanguageField('invoiceLanguage')),
    bankDetails: z.optional(textField('bankDetails', MAX_TEXT_LENGTH)),
    paymentTermsDays: z.optional(
      z
        .number({ error: schemaMessage('NOT_A_NUMBER', { field: 'paymentTermsDays' }) })
        .check(
          z.int(schemaMessage('NOT_WHOLE_NUMBER', { field: 'paymentTermsDays' })),
          z.gte(0, PAYMENT_TERMS),
          z.lte(365, PAYMENT_TERMS),
        ),
    ),
    numberPrefix: z.optional(
      textField('numberPrefix', 20).check(
        z.refine((s) => !/[\p{Cc}]/u.test(s), schemaMessage('INVALID_NUMBER_PREFIX')),
      ),
    ),
  }),
);

export type InvoiceCreate = z.infer<Built<typeof invoiceCreateSchema>>;
export type InvoiceUpdate = z.infer<Built<typeof invoiceUpdateSchema>>;
export type InvoiceSettingsUpdate = z.infer<Built<typeof invoiceSettingsSchema>>;
/** What a client may send (the server keeps the tax rate in hundredths of a percent). */
export type InvoiceCreateBody = z.input<Built<typeof invoiceCreateSchema>>;
export type InvoiceUpdateBody = z.input<Built<typeof invoiceUpdateSchema>>;
export type InvoiceSettingsBody = z.input<Built<typeof invoiceSettingsSchema>>;

// --- email (CONTRACT §9 "…invoices sent by email") ------------------------------------------------

const MAX_EMAIL_LENGTH = 254;

/**
 * Body of POST /api/invoices/{id}/email: `to` (else the client's email), an address (400
 * `INVALID_EMAIL`), and a `message` put above the email's own words.
 */
export const invoiceEmailSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    to: z.optional(
      z.pipe(textField('to', MAX_EMAIL_LENGTH), z.email({ error: schemaMessage('INVALID_EMAIL') })),
    ),
    message: z.optional(textField('message', MAX_TEXT_LENGTH)),
  }),
);

export type InvoiceEmail = z.infer<Built<typeof invoiceEmailSchema>>;
export type InvoiceEmailBody = z.input<Built<typeof invoiceEmailSchema>>;
