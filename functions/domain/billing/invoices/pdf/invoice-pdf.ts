import { PDFDocument } from 'pdf-lib';
import type { Language } from '../../../../../contract/enums';
import type {
  InvoiceEntryRecord,
  InvoiceLineRecord,
  InvoiceRecord,
  InvoiceSettingsRecord,
} from '../../../../data/billing/invoices';
import { hoursHundredthsOf } from '../math';
import { pdfFontkit } from './fonts';
import { type PdfLabels, pdfLabels } from './labels';
import { FontSet } from './text';
import { CONTENT_WIDTH, MARGIN, type TextStyle, Writer } from './writer';

/**
 * The invoice as a PDF (pdf-lib with fontkit and embedded, subset Noto fonts): issuer, client,
 * number (or "Draft"), dates, one row per line with its entries beneath it, subtotal, tax or the
 * reverse-charge note, total, payment terms, bank details and notes — in the user's language,
 * number format and currency. Every text is drawn whatever script it is in; a character no font
 * has appears as U+FFFD and is listed at the end. No line or entry is ever left out.
 */

export interface PdfInput {
  invoice: InvoiceRecord;
  entries: InvoiceEntryRecord[];
  /** The issuer: the invoice's copy once sent, the current settings for a draft. */
  issuer: InvoiceSettingsRecord;
  language: Language | null;
  numberFormat: string;
}

interface Formats {
  money: (cents: number) => string;
  hours: (hundredths: number) => string;
  day: (isoDay: string) => string;
  percent: (hundredths: number) => string;
}

function formatsOf(input: PdfInput, labels: PdfLabels): Formats {
  const money = new Intl.NumberFormat(input.numberFormat, {
    style: 'currency',
    currency: input.invoice.currency,
  });
  const fixed = new Intl.NumberFormat(input.numberFormat, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const plain = new Intl.NumberFormat(input.numberFormat, { maximumFractionDigits: 2 });
  const day = new Intl.DateTimeFormat(labels.dateLocale, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    money: (cents) => money.format(cents / 100),
    hours: (hundredths) => fixed.format(hundredths / 100),
    day: (isoDay) => day.format(new Date(`${isoDay.slice(0, 10)}T00:00:00.000Z`)),
    percent: (hundredths) => plain.format(hundredths / 100),
  };
}

const addDays = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay.slice(0, 10)}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The day the invoice is dated: the day it was sent, or (a draft) the day it was made. */
const invoiceDay = (invoice: InvoiceRecord) => (invoice.sentAt ?? invoice.createdAt).slice(0, 10);

async function header(w: Writer, input: PdfInput, l: PdfLabels, f: Formats) {
  const { invoice, issuer } = input;
  const title = `${l.invoice} ${invoice.number ?? l.draft}${invoice.status === 'void' ? ` (${l.void})` : ''}`;
  await w.paragraph(title, { size: 20, bold: true });
  w.gap(10);
  const half = CONTENT_WIDTH / 2 - 10;
  const party = (heading: string, name: string, lines: string[]) =>
    [heading, name, ...lines.filter((s) => s.trim() !== '')].join('\n');
  const client = invoice.client;
  await w.row([
    {
      text: party(l.from, issuer.name, [issuer.address, issuer.taxId ? `${l.taxId}: ${issuer.taxId}` : '']),
      x: MARGIN,
      width: half,
    },
    {
      text: party(l.billTo, client.name, [
        client.address,
        client.email,
        client.taxId ? `${l.taxId}: ${client.taxId}` : '',
      ]),
      x: MARGIN + half + 20,
      width: half,
    },
  ]);
  w.gap(10);
  const day = invoiceDay(invoice);
  const meta: [string, string][] = [
    [l.number, invoice.number ?? l.draft],
    [l.date, f.day(day)],
    [l.period, `${f.day(invoice.startdate)} – ${f.day(invoice.enddate)}`],
    [l.due, f.day(addDays(day, issuer.paymentTermsDays))],
  ];
  for (const [label, value] of meta) {
    await w.row([
      { text: label, x: MARGIN, width: 140, style: { grey: true } },
      { text: value, x: MARGIN + 150, width: CONTENT_WIDTH - 150 },
    ]);
  }
  w.gap(14);
}

const COLUMNS = { hoursX: 330, rateX: 395, amountX: 470, width: 75 };

/**
 * The entries listed under a line: its project's (and task's, when grouped by task); none under a
 * line of one entry (it says the entry itself) or one the user shaped.
 */
function entriesUnder(line: InvoiceLineRecord, byProject: Map<string, InvoiceEntryRecord[]>) {
  if (line.custom || line.entryId) return [];
  const own = byProject.get(line.projectId) ?? [];
  return line.task === undefined ? own : own.filter((e) => e.task === line.task);
}

async function lineRows(w: Writer, input: PdfInput, l: PdfLabels, f: Formats) {
  const bold: TextStyle = { bold: true };
  const right = (text: string, x: number, style: TextStyle = {}) => ({
    text,
    x,
    width: COLUMNS.width - 10,
    style: { ...style, right: true },
  });
  await w.row([
    { text: l.description, x: MARGIN, width: 270, style: bold },
    right(l.hours, COLUMNS.hoursX, bold),
    right(l.rate, COLUMNS.rateX, bold),
    right(l.amount, COLUMNS.amountX, bold),
  ]);
  w.rule();
  const byProject = new Map<string, InvoiceEntryRecord[]>();
  for (const e of input.entries) byProject.set(e.projectId, [...(byProject.get(e.projectId) ?? []), e]);
  for (const line of input.invoice.lines) {
    w.gap(4);
    await w.row([
      { text: line.description, x: MARGIN, width: 270, style: bold },
      right(
        line.unit && line.unit !== 'HUR'
          ? `${f.hours(line.hoursHundredths)} ${l.units[line.unit]}`
          : f.hours(line.hoursHundredths),
        COLUMNS.hoursX,
      ),
      right(f.money(line.rateCents), COLUMNS.rateX),
      right(f.money(line.amountCents), COLUMNS.amountX),
    ]);
    const small: TextStyle = { size: 8, grey: true };
    for (const e of entriesUnder(line, byProject)) {
      const what = [e.task, e.subTask].filter((s) => s !== '').join(' – ');
      await w.row([
        { text: f.day(e.day), x: MARGIN + 10, width: 70, style: small },
        { text: what, x: MARGIN + 85, width: 185, style: small },
        right(f.hours(hoursHundredthsOf(e.roundedMs)), COLUMNS.hoursX, small),
      ]);
    }
  }
  w.gap(4);
  w.rule();
}

async function totals(w: Writer, input: PdfInput, l: PdfLabels, f: Formats) {
  const { invoice } = input;
  const sum = async (label: string, cents: number, style: TextStyle = {}) =>
    w.row([
      { text: label, x: COLUMNS.hoursX, width: 130, style },
      {
        text: f.money(cents),
        x: COLUMNS.amountX,
        width: COLUMNS.width - 10,
        style: { ...style, right: true },
      },
    ]);
  await sum(l.subtotal, invoice.subtotalCents);
  if (!invoice.reverseCharge) await sum(l.tax(f.percent(invoice.taxRateHundredths)), invoice.taxCents);
  await sum(l.total, invoice.totalCents, { bold: true, size: 12 });
  w.gap(12);
  if (invoice.reverseCharge) await w.paragraph(l.reverseCharge);
}

async function footer(w: Writer, input: PdfInput, l: PdfLabels, f: Formats) {
  const { invoice, issuer } = input;
  const day = invoiceDay(invoice);
  await w.paragraph(l.terms(issuer.paymentTermsDays, f.day(addDays(day, issuer.paymentTermsDays))));
  if (invoice.paidDate) await w.paragraph(l.paid(f.day(invoice.paidDate)));
  if (issuer.bankDetails.trim() !== '') {
    w.gap(8);
    await w.paragraph(l.bank, { bold: true });
    await w.paragraph(issuer.bankDetails);
  }
  if (invoice.notes.trim() !== '') {
    w.gap(8);
    await w.paragraph(l.notes, { bold: true });
    await w.paragraph(invoice.notes);
  }
}

/** The list of code points no font could draw, as `U+1F600`. */
const codePoints = (missing: Set<number>) =>
  [...missing].map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`).join(', ');

/** Renders the invoice; answers the PDF's bytes and the characters it had to replace. */
export async function renderInvoicePdf(input: PdfInput): Promise<{ bytes: Uint8Array; missing: string[] }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(pdfFontkit);
  const labels = pdfLabels(input.language);
  doc.setTitle(`${labels.invoice} ${input.invoice.number ?? labels.draft}`);
  doc.setCreator('Timeledger');
  doc.setProducer('Timeledger');
  const fonts = new FontSet(doc);
  const writer = new Writer(doc, fonts);
  const formats = formatsOf(input, labels);
  await header(writer, input, labels, formats);
  await lineRows(writer, input, labels, formats);
  await totals(writer, input, labels, formats);
  await footer(writer, input, labels, formats);
  if (fonts.missing.size > 0) {
    writer.gap(12);
    await writer.paragraph(labels.missing(codePoints(fonts.missing)), { size: 8, grey: true });
  }
  const missing = [...fonts.missing].map((cp) => String.fromCodePoint(cp));
  return { bytes: await doc.save({ useObjectStreams: true }), missing };
}
