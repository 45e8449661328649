import * as z from 'zod/mini';
import { LANGUAGES } from './enums';
import { type Built, lazy } from './lazy';

/** What the invoice endpoints answer (`responses.ts` re-exports it). */

/** `GET`/`PUT /api/invoicesettings`: the issuer of the user's invoices. */
export const invoiceSettings = /* @__PURE__ */ lazy(() =>
  z.object({
    name: z.string(),
    address: z.string(),
    taxId: z.string(),
    bankDetails: z.string(),
    paymentTermsDays: z.number(),
    numberPrefix: z.string(),
    street: z.string(),
    postcode: z.string(),
    city: z.string(),
    country: z.string(),
    email: z.string(),
    phone: z.string(),
    contactName: z.string(),
    vatId: z.string(),
    taxNumber: z.string(),
    iban: z.string(),
    bic: z.string(),
    smallBusiness: z.boolean(),
    invoiceLanguage: z.enum(LANGUAGES),
  }),
);
export type InvoiceSettings = z.infer<Built<typeof invoiceSettings>>;

/** EN 16931's VAT categories an invoice can have: standard, zero, exempt (§19), reverse charge, not subject. */
export const TAX_CATEGORIES = ['S', 'Z', 'E', 'AE', 'O'] as const;

/** An invoice, or a credit note that cancels one (CONTRACT §9). */
export const INVOICE_KINDS = ['invoice', 'creditNote'] as const;

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * One line (`hours` to 2 decimals, money to the cent): a project's billable hours in the period,
 * or a line shaped on the draft. `quantity`, `unit` and `price` say it in any unit (`hours` and
 * `rate` are the same numbers, kept for release 3's clients).
 */
export const invoiceLine = /* @__PURE__ */ lazy(() =>
  z.object({
    projectId: z.string(),
    description: z.string(),
    hours: z.number(),
    rate: z.number(),
    amount: z.number(),
    quantity: z.number(),
    unit: z.enum(['HUR', 'DAY', 'C62']),
    price: z.number(),
  }),
);

/** An invoice (CONTRACT §8); `client` is its own copy of the client, kept when the client goes. */
export const invoice = /* @__PURE__ */ lazy(() =>
  z.object({
    _id: z.string(),
    number: z.nullable(z.string()),
    status: z.enum(INVOICE_STATUSES),
    clientId: z.string(),
    client: z.object({ name: z.string(), email: z.string(), address: z.string(), taxId: z.string() }),
    startdate: z.string(),
    enddate: z.string(),
    currency: z.string(),
    lines: z.array(invoiceLine()),
    subtotal: z.number(),
    taxRate: z.number(),
    tax: z.number(),
    total: z.number(),
    reverseCharge: z.boolean(),
    notes: z.string(),
    /** The language of its documents (CONTRACT §9): chosen on the draft, else the client's, else the seller's. */
    language: z.nullable(z.enum(LANGUAGES)),
    entryCount: z.number(),
    createdAt: z.string(),
    sentAt: z.nullable(z.string()),
    paidDate: z.nullable(z.string()),
    voidedAt: z.nullable(z.string()),
    /** The EN 16931 VAT category (CONTRACT §9 "Tax treatment"). */
    taxCategory: z.enum(TAX_CATEGORIES),
    /** The documents stored when it was sent (empty for a draft). */
    documents: z.array(
      z.object({ kind: z.enum(['pdf', 'xrechnung', 'ubl']), sha256: z.string(), bytes: z.number() }),
    ),
    // Credit notes and email (CONTRACT §9 "Credit notes instead of deletion", "…sent by email").
    /** `creditNote`: the Stornorechnung a void issued; else an invoice. */
    kind: z.enum(INVOICE_KINDS),
    /** A credit note's: the invoice it cancels. */
    creditedInvoiceId: z.nullable(z.string()),
    /** A voided invoice's: the credit note that cancels it. */
    creditNoteId: z.nullable(z.string()),
    /** Each email of the document, oldest first. */
    emails: z.array(z.object({ to: z.string(), sentAt: z.string() })),
    /** The expenses it re-bills at cost (CONTRACT §9 `includeExpenses`), by id; they belong to it as its entries do. */
    expenseIds: z.array(z.string()),
  }),
);
export type Invoice = z.infer<Built<typeof invoice>>;
export const invoiceList = /* @__PURE__ */ lazy(() => z.array(invoice()));

/** `POST /api/invoices/{id}/email` → 202: the email as recorded. */
export const invoiceEmail = /* @__PURE__ */ lazy(() => z.object({ to: z.string(), sentAt: z.string() }));
