import type { ApiField } from '../../../../contract/error-codes';
import { BUYER_PARAM, buyerMissing, SELLER_PARAM, sellerMissing } from '../../../../contract/sending-needs';
import type { ClientRecord } from '../../../data/billing/clients';
import type { InvoiceClientCopy, InvoiceRecord, InvoiceSettingsRecord } from '../../../data/billing/invoices';
import type { UserRecord } from '../../../data/identity/users';
import { ValidationError } from '../../../lib/errors';
import {
  documentTotals,
  type EInvoiceDocument,
  type EInvoiceLine,
  lineNetCents,
  type TaxCategory,
  taxTreatment,
} from '../einvoice/document';

/**
 * The e-invoice an invoice becomes when it is sent (CONTRACT §9 "Sending makes a legal document"):
 * what it still lacks (400 `INVOICE_INCOMPLETE`, one entry per missing value) and the
 * `EInvoiceDocument` made from the invoice, the issuer settings and the client as they are then.
 */

/** The buyer as the invoice knows it: the client now, or the invoice's copy of a deleted client. */
export type Buyer = InvoiceClientCopy | ClientRecord;

/** A client's copy on the invoice: everything an e-invoice names of the buyer. */
export const clientCopy = (c: Buyer): InvoiceClientCopy => ({
  name: c.name,
  email: c.email,
  address: c.address,
  taxId: c.taxId,
  street: c.street ?? '',
  postcode: c.postcode ?? '',
  city: c.city ?? '',
  country: c.country ?? 'DE',
  language: c.language ?? null,
  vatId: c.vatId ?? '',
  buyerReference: c.buyerReference ?? '',
});

/**
 * Each value the e-invoice would lack, as `param` (`invoicesettings.street`, `client.vatId`) and
 * field: the list in `contract/sending-needs.ts`, which the app marks its fields by.
 */
export function missingValues(
  invoice: Pick<InvoiceRecord, 'reverseCharge'>,
  seller: InvoiceSettingsRecord,
  buyer: InvoiceClientCopy,
): { param: string; field: ApiField }[] {
  return [
    ...sellerMissing(seller, invoice.reverseCharge).map(({ key, field }) => ({
      param: `${SELLER_PARAM}${key}`,
      field,
    })),
    ...buyerMissing(buyer, invoice.reverseCharge).map(({ key, field }) => ({
      param: `${BUYER_PARAM}${key}`,
      field,
    })),
  ];
}

/**
 * 400 `EINVOICE_TAX_RATE` for a standard rate above 0 % and below 0.5 %, checked when a draft is
 * sent: EN 16931's BR-CO-17 rounds the rate to a whole percent and then asks the tax to be 0, so
 * the e-invoice would fail it (no EU rate is that low). Not asked of a void: an invoice sent
 * before release 4 at such a rate must still be cancellable.
 */
export function assertRateFitsEInvoice(invoice: InvoiceRecord, seller: InvoiceSettingsRecord) {
  const rate = invoice.taxRateHundredths;
  if (rate > 0 && rate < 50 && invoiceTaxCategory(invoice, seller.smallBusiness === true) === 'S') {
    throw new ValidationError('EINVOICE_TAX_RATE', { param: 'taxRate' });
  }
}

/** 400 `INVOICE_INCOMPLETE` with one entry per missing value, or nothing. */
export function assertComplete(
  invoice: InvoiceRecord,
  seller: InvoiceSettingsRecord,
  buyer: InvoiceClientCopy,
) {
  const missing = missingValues(invoice, seller, buyer);
  if (missing.length === 0) return;
  const [first, ...rest] = missing.map(({ param, field }) => ({ param, values: { field } }));
  throw new ValidationError('INVOICE_INCOMPLETE', {
    ...first!,
    more: rest.map((r) => ({ code: 'INVOICE_INCOMPLETE' as const, ...r })),
  });
}

/** The invoice's tax category (CONTRACT §9) for the seller's §19 setting and the buyer's country. */
export function invoiceTaxCategory(
  invoice: Pick<InvoiceRecord, 'reverseCharge' | 'taxRateHundredths' | 'client'>,
  smallBusiness: boolean,
): TaxCategory {
  return taxTreatment({
    smallBusiness,
    reverseCharge: invoice.reverseCharge,
    buyerCountry: invoice.client.country ?? 'DE',
    taxRate: invoice.taxRateHundredths,
    language: 'en',
  }).category;
}

/** `day` + `days`, both `yyyy-mm-dd`. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

const text = (value: string | undefined) => (value && value.trim() !== '' ? value : undefined);

/**
 * The e-invoice of `invoice` numbered `number`, sent on `sentAt`'s day: issue date that day, due
 * date that plus the payment terms; the treatment, note and totals from the generator's rules.
 */
export function buildEInvoice(input: {
  invoice: InvoiceRecord;
  seller: InvoiceSettingsRecord;
  buyer: InvoiceClientCopy;
  user: Pick<UserRecord, 'language'>;
  number: string;
  sentAt: Date;
}): EInvoiceDocument {
  const { invoice, seller, buyer } = input;
  const language =
    invoice.language ?? buyer.language ?? seller.invoiceLanguage ?? input.user.language ?? 'en';
  const treatment = taxTreatment({
    smallBusiness: seller.smallBusiness,
    reverseCharge: invoice.reverseCharge,
    buyerCountry: buyer.country ?? 'DE',
    taxRate: invoice.taxRateHundredths,
    language,
  });
  const lines: EInvoiceLine[] = invoice.lines.map((l) => {
    const quantityThousandths = l.hoursHundredths * 10;
    return {
      name: l.description,
      quantityThousandths,
      unit: l.unit ?? 'HUR',
      priceCents: l.rateCents,
      netCents: lineNetCents(quantityThousandths, l.rateCents),
    };
  });
  const issueDate = input.sentAt.toISOString().slice(0, 10);
  return {
    kind: 'invoice',
    number: input.number,
    issueDate,
    dueDate: addDays(issueDate, seller.paymentTermsDays),
    currency: invoice.currency,
    language,
    ...(text(buyer.buyerReference) ? { buyerReference: buyer.buyerReference } : {}),
    period: { start: invoice.startdate, end: invoice.enddate },
    ...(text(invoice.notes) ? { notes: invoice.notes } : {}),
    seller: {
      name: seller.name,
      street: seller.street,
      postcode: seller.postcode,
      city: seller.city,
      country: seller.country,
      email: seller.email,
      phone: seller.phone,
      contactName: seller.contactName || seller.name,
      ...(text(seller.vatId) ? { vatId: seller.vatId } : {}),
      ...(text(seller.taxNumber) ? { taxNumber: seller.taxNumber } : {}),
      iban: seller.iban,
      ...(text(seller.bic) ? { bic: seller.bic } : {}),
    },
    buyer: {
      name: buyer.name,
      ...(text(buyer.street) ? { street: buyer.street } : {}),
      postcode: buyer.postcode ?? '',
      city: buyer.city ?? '',
      country: buyer.country ?? 'DE',
      ...(text(buyer.vatId) ? { vatId: buyer.vatId } : {}),
      ...(text(buyer.email) ? { email: buyer.email } : {}),
    },
    taxCategory: treatment.category,
    taxRate: treatment.taxRate,
    ...(treatment.note ? { exemptionReason: treatment.note } : {}),
    lines,
    totals: documentTotals(lines, treatment.category, treatment.taxRate),
  };
}
