import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EInvoiceDocument, TaxCategory } from '../../functions/domain/billing/einvoice/document';
import { facturxPdf } from '../../functions/domain/billing/einvoice/facturx';
import { xrechnungUbl } from '../../functions/domain/billing/einvoice/ubl';
import { cleanText } from '../../functions/domain/billing/einvoice/xml';
import { xrechnungCii } from '../../functions/domain/billing/einvoice/xrechnung';
import { EinvoiceUnreadable, readReceivedEinvoice } from '../../functions/domain/tracking/einvoice-in/read';
import { documentArb } from '../einvoice/arbitraries';
import { line, sampleDocument } from '../einvoice/samples';
import { bytesOf, plainPdf } from './documents';

/**
 * The reader of received e-invoices on the documents our own generator sends (issue 36): an
 * invoice we send is one a customer of ours — also on Timeledger — receives. Every tax treatment,
 * as XRechnung CII, XRechnung UBL and Factur-X PDF; then any generated document (hostile text,
 * 1–12 lines, EUR, USD, CHF): the figures read back exactly to the cent, credit notes refused.
 */

const CATEGORIES: TaxCategory[] = ['S', 'Z', 'E', 'AE', 'O'];

/** What the reader must find in a generated document. */
const expected = (doc: EInvoiceDocument) => ({
  number: doc.number,
  issueDate: doc.issueDate,
  typeCode: '380',
  currency: doc.currency,
  // The generator writes the name cleaned for XML (a dash when nothing is left); one line here.
  seller: {
    name: cleanText(doc.seller.name).replace(/\s+/g, ' ').trim() || '-',
    ...(doc.seller.vatId && doc.taxCategory !== 'O' ? { vatId: doc.seller.vatId } : {}),
  },
  netCents: doc.totals.netCents,
  taxCents: doc.totals.taxCents,
});

describe('reading the e-invoices Timeledger itself sends', () => {
  for (const category of CATEGORIES) {
    it(`reads a ${category} invoice as XRechnung CII, XRechnung UBL and Factur-X PDF, to the cent`, async () => {
      const doc = sampleDocument(category, {}, [
        line('Website relaunch', 12_500, 9_000),
        line('Hosting', 1000, 4_999, 'C62'),
      ]);
      const cii = await readReceivedEinvoice(bytesOf(xrechnungCii(doc)));
      const ubl = await readReceivedEinvoice(bytesOf(xrechnungUbl(doc)));
      const pdf = await readReceivedEinvoice((await facturxPdf(doc)).bytes);

      expect(cii).toEqual({ container: 'xml', invoice: { syntax: 'CII', ...expected(doc) } });
      expect(ubl).toEqual({ container: 'xml', invoice: { syntax: 'UBL', ...expected(doc) } });
      expect(pdf).toEqual({ container: 'pdf', invoice: { syntax: 'CII', ...expected(doc) } });
      // 12.5 h at 90.00 + 49.99 = 1,174.99 net; S adds 19 %: 223.25 (half up from 223.2481).
      expect(cii.invoice.netCents).toBe(117_499);
      expect(cii.invoice.taxCents).toBe(category === 'S' ? 22_325 : 0);
    });
  }

  it('refuses the credit notes it sends, in every syntax (an expense is never negative)', async () => {
    const credit = sampleDocument('S', {
      kind: 'creditNote',
      number: 'RE-2026-0043',
      precedingInvoice: { number: 'RE-2026-0042', issueDate: '2026-03-02' },
    });
    for (const bytes of [
      bytesOf(xrechnungCii(credit)),
      bytesOf(xrechnungUbl(credit)),
      (await facturxPdf(credit, await plainPdf())).bytes,
    ]) {
      await expect(readReceivedEinvoice(bytes)).rejects.toThrow(/credit note/);
    }
  });

  it('reads any generated document exactly, in both XML syntaxes and the PDF, and refuses every credit note', async () => {
    const blank = await plainPdf();
    await fc.assert(
      fc.asyncProperty(documentArb(), async (doc) => {
        const texts = [xrechnungCii(doc), xrechnungUbl(doc)];
        const files = [...texts.map(bytesOf), (await facturxPdf(doc, blank)).bytes];
        for (const bytes of files) {
          const read = readReceivedEinvoice(bytes);
          if (doc.kind === 'creditNote') {
            await expect(read).rejects.toBeInstanceOf(EinvoiceUnreadable);
          } else {
            expect((await read).invoice).toMatchObject(expected(doc));
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
