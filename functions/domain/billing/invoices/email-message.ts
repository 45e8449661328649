import type { Language } from '../../../../contract/enums';
import { message, senderAddress } from '../../shared/email';
import { isMailAddress, type MimeAttachment, type MimeMessage } from '../../shared/mime';
import type { EInvoiceDocument } from '../einvoice/document';

/**
 * The email an issued invoice or credit note goes out in (CONTRACT §9), in the document's language:
 * what it is, its number, date and amount (and the due date, or the invoice it cancels), the
 * sender's own message, what the two attachments are, and the seller's name; from the product's
 * address in the seller's name, replies to the seller.
 */

const LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

/** The file names of the attachments, in the document's language. */
export function attachmentNames(doc: Pick<EInvoiceDocument, 'kind' | 'number' | 'language'>) {
  const title = message(
    doc.language,
    doc.kind === 'creditNote' ? 'invoiceEmail.fileCreditNote' : 'invoiceEmail.fileInvoice',
  );
  const base = `${title}-${doc.number}`.replace(/[^A-Za-z0-9._-]+/g, '_');
  return { pdf: `${base}.pdf`, xrechnung: `${base}-xrechnung.xml` };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The words of the email, paragraph by paragraph (the last: the footer). */
function paragraphs(doc: EInvoiceDocument, note: string | undefined): { subject: string; lines: string[] } {
  const language = doc.language;
  const locale = LOCALES[language] ?? LOCALES.en;
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${iso.slice(0, 10)}T00:00:00.000Z`));
  const total = new Intl.NumberFormat(locale, { style: 'currency', currency: doc.currency }).format(
    doc.totals.dueCents / 100,
  );
  const credit = doc.kind === 'creditNote';
  const values = {
    number: doc.number,
    seller: doc.seller.name,
    date: day(doc.issueDate),
    due: day(doc.dueDate),
    total,
    invoice: doc.precedingInvoice?.number ?? '',
    email: doc.seller.email,
  };
  const m = (key: string) => message(language, key, values);
  return {
    subject: m(credit ? 'invoiceEmail.subjectCreditNote' : 'invoiceEmail.subjectInvoice'),
    lines: [
      m('invoiceEmail.greeting'),
      m(credit ? 'invoiceEmail.creditNote' : 'invoiceEmail.invoice'),
      ...(note?.trim() ? [note.trim()] : []),
      m('invoiceEmail.attachments'),
      `${m('invoiceEmail.regards')}\n${doc.seller.name}`,
      m('invoiceEmail.sentWith'),
    ],
  };
}

/** The whole message to `to`, with the PDF and the XRechnung attached. */
export function invoiceEmail(
  doc: EInvoiceDocument,
  to: string,
  note: string | undefined,
  files: { pdf: Uint8Array; xrechnung: Uint8Array },
): MimeMessage {
  const { subject, lines } = paragraphs(doc, note);
  const names = attachmentNames(doc);
  const attachments: MimeAttachment[] = [
    { filename: names.pdf, contentType: 'application/pdf', content: files.pdf },
    { filename: names.xrechnung, contentType: 'application/xml', content: files.xrechnung },
  ];
  const html = [
    `<!doctype html><html lang="${doc.language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2933">`,
    ...lines.map((p, i) => {
      const style = i === lines.length - 1 ? ' style="font-size:13px;color:#52606d"' : '';
      return `<p${style}>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
    }),
    '</body></html>',
  ].join('');
  return {
    from: {
      name: message(doc.language, 'invoiceEmail.from', { seller: doc.seller.name }),
      address: senderAddress(),
    },
    to,
    ...(isMailAddress(doc.seller.email)
      ? { replyTo: { name: doc.seller.name, address: doc.seller.email } }
      : {}),
    subject,
    text: `${lines.join('\n\n')}\n`,
    html,
    attachments,
  };
}
