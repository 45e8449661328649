import { PDFDocument } from 'pdf-lib';
import { pdfFontkit } from '../../invoices/pdf/fonts';
import { FontSet } from '../../invoices/pdf/text';
import { CONTENT_WIDTH, MARGIN, type TextStyle, Writer } from '../../invoices/pdf/writer';
import type { EInvoiceDocument } from '../document';
import { sellerIdentifiers } from '../parties';
import { type EInvoiceLabels, einvoiceLabels } from './labels';

/**
 * The visible side of a final e-invoice: what the XML carries, for people — title (invoice or
 * credit note, with the invoice it cancels), parties with their USt-IdNr. and Steuernummer each
 * under its own label, number, dates, period, every line, the VAT breakdown, the totals, the
 * exemption note the law asks for, payment details and notes, in the document's language. Drawn
 * with the embedded Noto fonts only (PDF/A allows no other); a character none has is U+FFFD and
 * is listed at the end.
 */

interface Formats {
  money: (cents: number) => string;
  quantity: (thousandths: number) => string;
  day: (isoDay: string) => string;
  percent: (hundredths: number) => string;
}

function formatsOf(doc: EInvoiceDocument, l: EInvoiceLabels): Formats {
  const locale = l.dateLocale;
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: doc.currency });
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const day = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    money: (cents) => money.format(cents / 100),
    quantity: (thousandths) => quantity.format(thousandths / 1000),
    day: (isoDay) => day.format(new Date(`${isoDay.slice(0, 10)}T00:00:00.000Z`)),
    percent: (hundredths) => plain.format(hundredths / 100),
  };
}

const joined = (lines: (string | undefined | false)[]) =>
  lines.filter((s): s is string => typeof s === 'string' && s.trim() !== '').join('\n');

async function title(w: Writer, doc: EInvoiceDocument, l: EInvoiceLabels, f: Formats) {
  const credit = doc.kind === 'creditNote';
  await w.paragraph(`${credit ? l.creditNote : l.invoice} ${doc.number}`, { size: 18, bold: true });
  if (credit && doc.precedingInvoice) {
    await w.paragraph(l.cancels(doc.precedingInvoice.number, f.day(doc.precedingInvoice.issueDate)), {
      bold: true,
    });
  }
  w.gap(10);
}

async function parties(w: Writer, doc: EInvoiceDocument, l: EInvoiceLabels) {
  const { seller: s, buyer: b } = doc;
  const ids = sellerIdentifiers(doc);
  const half = CONTENT_WIDTH / 2 - 10;
  await w.row([
    {
      text: joined([
        l.seller,
        s.name,
        s.street,
        `${s.postcode} ${s.city}`,
        s.country,
        `${l.contact}: ${s.contactName}`,
        `${l.phone}: ${s.phone}`,
        `${l.email}: ${s.email}`,
        ids.vatId && `${l.vatId}: ${ids.vatId}`,
        ids.taxNumber && `${l.taxNumber}: ${ids.taxNumber}`,
      ]),
      x: MARGIN,
      width: half,
    },
    {
      text: joined([
        l.buyer,
        b.name,
        b.street,
        `${b.postcode} ${b.city}`,
        b.country,
        b.email,
        ids.buyerVatId && `${l.vatId}: ${ids.buyerVatId}`,
      ]),
      x: MARGIN + half + 20,
      width: half,
    },
  ]);
  w.gap(10);
}

async function meta(w: Writer, doc: EInvoiceDocument, l: EInvoiceLabels, f: Formats) {
  const credit = doc.kind === 'creditNote';
  const rows: [string, string | undefined][] = [
    [l.number(credit), doc.number],
    [l.issueDate(credit), f.day(doc.issueDate)],
    [l.period, `${f.day(doc.period.start)} – ${f.day(doc.period.end)}`],
    [l.dueDate, f.day(doc.dueDate)],
    [l.buyerReference, doc.buyerReference?.trim() ? doc.buyerReference : undefined],
  ];
  for (const [label, value] of rows) {
    if (value === undefined) continue;
    await w.row([
      { text: label, x: MARGIN, width: 140, style: { grey: true } },
      { text: value, x: MARGIN + 150, width: CONTENT_WIDTH - 150 },
    ]);
  }
  w.gap(14);
}

// Wide enough for 1.200.000.000,00 € on one line.
const COLUMNS = { quantityX: 275, priceX: 365, amountX: 455, width: 100 };
const right = (text: string, x: number, style: TextStyle = {}) => ({
  text,
  x,
  width: COLUMNS.width - 10,
  style: { ...style, right: true },
});

async function lines(w: Writer, doc: EInvoiceDocument, l: EInvoiceLabels, f: Formats) {
  const bold: TextStyle = { bold: true };
  await w.row([
    { text: l.item, x: MARGIN, width: 215, style: bold },
    right(l.quantity, COLUMNS.quantityX, bold),
    right(l.price, COLUMNS.priceX, bold),
    right(l.amount, COLUMNS.amountX, bold),
  ]);
  w.rule();
  for (const item of doc.lines) {
    w.gap(4);
    await w.row([
      { text: item.name, x: MARGIN, width: 215 },
      right(`${f.quantity(item.quantityThousandths)} ${l.units[item.unit]}`, COLUMNS.quantityX),
      right(f.money(item.priceCents), COLUMNS.priceX),
      right(f.money(item.netCents), COLUMNS.amountX),
    ]);
    if (item.description?.trim()) {
      await w.row([{ text: item.description, x: MARGIN + 10, width: 205, style: { size: 8, grey: true } }]);
    }
  }
  w.gap(4);
  w.rule();
}

async function totals(w: Writer, doc: EInvoiceDocument, l: EInvoiceLabels, f: Formats) {
  const t = doc.totals;
  const sum = (label: string, cents: number, style: TextStyle = {}) =>
    w.row([
      { text: label, x: COLUMNS.quantityX - 40, width: 190, style },
      right(f.money(cents), COLUMNS.amountX, style),
    ]);
  await sum(l.net, t.netCents);
  await sum(l.tax(f.percent(doc.taxRate)), t.taxCents);
  await sum(l.gross, t.grossCents, { bold: true });
  await sum(l.due, t.dueCents, { bold: true, size: 12 });
  w.gap(10);
  await w.paragraph(l.vatBreakdown, { bold: true });
  await w.row([
    { text: l.category(doc.taxCategory), x: MARGIN, width: 200 },
    { text: `${f.percent(doc.taxRate)} %`, x: MARGIN + 210, width: 60 },
    right(f.money(t.netCents), COLUMNS.priceX),
    right(f.money(t.taxCents), COLUMNS.amountX),
  ]);
  if (doc.exemptionReason) {
    w.gap(6);
    await w.paragraph(doc.exemptionReason, { bold: true });
  }
  w.gap(10);
}

async function footer(w: Writer, doc: EInvoiceDocument, l: EInvoiceLabels, f: Formats) {
  const { seller: s } = doc;
  await w.paragraph(doc.kind === 'creditNote' ? l.refund : l.payBy(f.day(doc.dueDate)));
  w.gap(6);
  await w.paragraph(l.payment, { bold: true });
  await w.paragraph(joined([s.name, `IBAN ${s.iban}`, s.bic && `BIC ${s.bic}`]));
  if (doc.notes?.trim()) {
    w.gap(8);
    await w.paragraph(l.notes, { bold: true });
    await w.paragraph(doc.notes);
  }
}

const codePoints = (missing: Set<number>) =>
  [...missing].map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`).join(', ');

/** The document's title, as the PDF's Info and XMP carry it. */
export function documentTitle(doc: EInvoiceDocument): string {
  const l = einvoiceLabels(doc.language);
  return `${doc.kind === 'creditNote' ? l.creditNote : l.invoice} ${doc.number}`;
}

/** Draws the document; answers the PDF's bytes and the characters it had to replace. */
export async function renderEInvoicePdf(
  doc: EInvoiceDocument,
): Promise<{ pdf: PDFDocument; missing: string[] }> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(pdfFontkit);
  const labels = einvoiceLabels(doc.language);
  const formats = formatsOf(doc, labels);
  const fonts = new FontSet(pdf);
  const writer = new Writer(pdf, fonts);
  await title(writer, doc, labels, formats);
  await parties(writer, doc, labels);
  await meta(writer, doc, labels, formats);
  await lines(writer, doc, labels, formats);
  await totals(writer, doc, labels, formats);
  await footer(writer, doc, labels, formats);
  if (fonts.missing.size > 0) {
    writer.gap(12);
    await writer.paragraph(labels.missing(codePoints(fonts.missing)), { size: 8, grey: true });
  }
  return { pdf, missing: [...fonts.missing].map((cp) => String.fromCodePoint(cp)) };
}
