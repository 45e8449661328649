import type { InvoiceEntryRecord, InvoiceRecord } from '../../functions/data/billing/invoices';
import { DEFAULT_INVOICE_SETTINGS } from '../../functions/data/billing/invoices';
import type { PdfInput } from '../../functions/domain/billing/invoices/pdf/invoice-pdf';

/**
 * The invoice the PDF tests draw, from the sources (`functions/domain/billing/invoices/pdf/`) and from the
 * function's bundle (`pdf-bundle.test.ts`): one definition, so both read the same document.
 */

/** A sent German invoice: one line (1.5 h at €80), 19 % tax, €142.80, umlauts in every name. */
export function invoice(over: Partial<InvoiceRecord> = {}): InvoiceRecord {
  return {
    invoiceId: '01KAAAAAAAAAAAAAAAAAAAAAAA',
    userId: 'U',
    status: 'sent',
    number: '2026-0007',
    clientId: 'C',
    client: {
      name: 'Müller & Söhne GmbH',
      email: 'buero@mueller.example',
      address: 'Königsallee 1\n40212 Düsseldorf',
      taxId: 'DE811234567',
    },
    startdate: '2026-03-01',
    enddate: '2026-03-31',
    currency: 'EUR',
    lines: [
      {
        projectId: 'P1',
        description: 'Relaunch Café Crème',
        hoursHundredths: 150,
        rateCents: 8000,
        amountCents: 12000,
      },
    ],
    subtotalCents: 12000,
    taxRateHundredths: 1900,
    taxCents: 2280,
    totalCents: 14280,
    reverseCharge: false,
    notes: '',
    entryCount: 1,
    entryIds: ['E1'],
    createdAt: '2026-04-01T09:00:00.000Z',
    sentAt: '2026-04-02T09:00:00.000Z',
    paidDate: null,
    voidedAt: null,
    issuer: null,
    ...over,
  };
}

/** An entry of 1.5 h on the project, the `i`th, with its task and sub-task. */
export const entry = (projectId: string, i: number, task: string, subTask = ''): InvoiceEntryRecord => ({
  entryId: `E${projectId}${i}`,
  projectId,
  day: '2026-03-02',
  task,
  subTask,
  durationMs: 5_400_000,
  roundedMs: 5_400_000,
});

/** What the renderer is given: {@link invoice}, one entry, a German issuer with bank details. */
export function pdfInput(over: Partial<PdfInput> = {}): PdfInput {
  return {
    invoice: invoice(),
    entries: [entry('P1', 1, 'Überarbeitung der Startseite', 'Ñandú façade, naïve rôle')],
    issuer: {
      ...DEFAULT_INVOICE_SETTINGS,
      name: 'Jörg Weiß',
      address: 'Hauptstraße 5',
      bankDetails: 'IBAN DE02 1203 0000 0000 2020 51',
    },
    language: 'de',
    numberFormat: 'de-DE',
    ...over,
  };
}
