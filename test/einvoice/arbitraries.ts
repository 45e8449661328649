import fc from 'fast-check';
import {
  documentTotals,
  type EInvoiceDocument,
  type EInvoiceLine,
  lineNetCents,
  taxTreatment,
} from '../../functions/domain/billing/einvoice/document';

/**
 * fast-check documents for the e-invoice tests: every tax treatment, invoices and credit notes,
 * 1–200 lines, and hostile text in every field a person types (names, addresses, tasks, notes).
 */

/** Pieces of text that have broken XML and PDF writers: markup, controls, bidi, astral, CJK. */
export const HOSTILE_PIECES = [
  '<',
  '&',
  ']]>',
  '"',
  "'",
  '&amp;',
  '<![CDATA[x]]>',
  '\u200F',
  '\u202E',
  '\u200B',
  '😀',
  '👩‍💻',
  '漢字かなカナ',
  '中文发票',
  'עברית',
  'Ελληνικά',
  'Ärger über Öl ß',
  '\u0000',
  '\u0007',
  '\u001B',
  '\u000C',
  '\t',
  '\r\n',
  '\n',
  '\uFFFE',
  '\uD800',
  '#SKONTO#TAGE=7#PROZENT=2.00#',
  '   ',
];

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_PIECES) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);

/** A hostile text: pieces joined, now and then 2,000 characters long. */
export const hostileText = fc.oneof(
  { weight: 8, arbitrary: fc.array(piece, { minLength: 1, maxLength: 6 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.constantFrom('a'.repeat(2000), `${'Überstunden <&> '.repeat(125)}`) },
);

/** A name: mostly something readable around hostile pieces (a name is required, never blank in the app). */
const name = fc
  .tuple(fc.constantFrom('Jana', 'Müller & Söhne', '株式会社テスト', 'ACME <Ltd>'), hostileText)
  .map(([a, b]) => `${a} ${b}`);

const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const lineArb: fc.Arbitrary<EInvoiceLine> = fc
  .record({
    name: name,
    description: fc.option(hostileText, { nil: undefined }),
    quantityThousandths: fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(250, 1000, 1500)),
    unit: fc.constantFrom('HUR', 'DAY', 'C62'),
    priceCents: fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(1, 5, 9_999, 12_345)),
  })
  .map((l) => ({ ...l, netCents: lineNetCents(l.quantityThousandths, l.priceCents) }));

/**
 * The inputs to the tax treatment, so each generated document takes its category from the §9 rule.
 * A standard rate is at least 0.5 %: BR-CO-17 rounds the rate to a whole percent to tell a zero rate
 * from another, so below 0.5 % any tax but 0 fails it (no EU rate is that low).
 */
const treatmentArb = fc.oneof(
  fc.record({
    smallBusiness: fc.constant(true),
    reverseCharge: fc.boolean(),
    country: fc.constantFrom('DE', 'FR', 'US'),
    taxRate: fc.constantFrom(0, 1900),
  }),
  fc.record({
    smallBusiness: fc.constant(false),
    reverseCharge: fc.constant(true),
    country: fc.constantFrom('AT', 'NL', 'CH'),
    taxRate: fc.constantFrom(0, 1900),
  }),
  fc.record({
    smallBusiness: fc.constant(false),
    reverseCharge: fc.constant(false),
    country: fc.constantFrom('US', 'CH', 'JP', 'GB'),
    taxRate: fc.constant(0),
  }),
  fc.record({
    smallBusiness: fc.constant(false),
    reverseCharge: fc.constant(false),
    country: fc.constantFrom('DE', 'AT', 'US'),
    taxRate: fc.integer({ min: 50, max: 2700 }),
  }),
  fc.record({
    smallBusiness: fc.constant(false),
    reverseCharge: fc.constant(false),
    country: fc.constantFrom('DE', 'IT'),
    taxRate: fc.constant(0),
  }),
);

export interface DocumentOptions {
  kind?: EInvoiceDocument['kind'];
  minLines?: number;
  maxLines?: number;
}

/** A complete document the sending checks would let through, with hostile text wherever people type. */
export function documentArb(options: DocumentOptions = {}): fc.Arbitrary<EInvoiceDocument> {
  return fc
    .record({
      kind: options.kind
        ? fc.constant(options.kind)
        : fc.constantFrom('invoice' as const, 'creditNote' as const),
      number: fc.stringMatching(/^[A-Z]{1,3}-\d{4}-\d{1,5}$/),
      issueDate: day,
      start: day,
      end: day,
      language: fc.constantFrom('de' as const, 'en' as const),
      currency: fc.constantFrom('EUR', 'EUR', 'USD', 'CHF'),
      buyerReference: fc.option(hostileText, { nil: undefined }),
      notes: fc.option(hostileText, { nil: undefined }),
      treatment: treatmentArb,
      sellerName: name,
      street: hostileText,
      city: hostileText,
      contactName: name,
      vatId: fc.option(fc.constant('DE123456789'), { nil: undefined }),
      taxNumber: fc.option(fc.constant('12/345/67890'), { nil: undefined }),
      bic: fc.option(fc.constant('COBADEFFXXX'), { nil: undefined }),
      buyerName: name,
      buyerStreet: fc.option(hostileText, { nil: undefined }),
      buyerCity: hostileText,
      buyerEmail: fc.option(fc.constant('ap@example.org'), { nil: undefined }),
      buyerVatId: fc.option(fc.constant('ATU12345678'), { nil: undefined }),
      lines: fc.array(lineArb, { minLength: options.minLines ?? 1, maxLength: options.maxLines ?? 12 }),
    })
    .map((r) => {
      const t = taxTreatment({ ...r.treatment, buyerCountry: r.treatment.country, language: r.language });
      const [start, end] = [r.start, r.end].sort();
      // What the sending checks guarantee: a VAT ID or a Steuernummer; both VAT IDs for reverse charge.
      const vatId = t.category === 'AE' || !r.taxNumber ? (r.vatId ?? 'DE123456789') : r.vatId;
      const buyerVatId = t.category === 'AE' ? (r.buyerVatId ?? 'ATU12345678') : r.buyerVatId;
      return {
        kind: r.kind,
        number: r.number,
        issueDate: r.issueDate,
        dueDate: r.issueDate,
        currency: r.currency,
        language: r.language,
        buyerReference: r.buyerReference,
        period: { start: start!, end: end! },
        precedingInvoice:
          r.kind === 'creditNote' ? { number: `${r.number}-0`, issueDate: r.issueDate } : undefined,
        notes: r.notes,
        seller: {
          name: r.sellerName,
          street: r.street,
          postcode: '10115',
          city: r.city,
          country: 'DE',
          email: 'jana@example.com',
          phone: '+49 30 1234567',
          contactName: r.contactName,
          vatId,
          taxNumber: r.taxNumber,
          iban: 'DE89370400440532013000',
          bic: r.bic,
        },
        buyer: {
          name: r.buyerName,
          street: r.buyerStreet,
          postcode: '1010',
          city: r.buyerCity,
          country: r.treatment.country,
          vatId: buyerVatId,
          email: r.buyerEmail,
        },
        taxCategory: t.category,
        taxRate: t.taxRate,
        exemptionReason: t.note,
        lines: r.lines,
        totals: documentTotals(r.lines, t.category, t.taxRate),
      };
    });
}
