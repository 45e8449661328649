import { PDFDocument } from 'pdf-lib';
import { ciiXml } from './cii';
import type { EInvoiceDocument } from './document';
import { saveAsPdfA3 } from './pdf/pdfa';
import { documentTitle, renderEInvoicePdf } from './pdf/render';

/** The Factur-X / ZUGFeRD EN 16931 profile's specification identifier (BT-24). */
export const FACTURX_GUIDELINE = 'urn:cen.eu:en16931:2017';

/** The CII the PDF embeds: the EN 16931 profile (not XRechnung, which a Factur-X PDF does not claim). */
export const facturxCii = (doc: EInvoiceDocument): string => ciiXml(doc, { guideline: FACTURX_GUIDELINE });

export interface FacturXPdf {
  bytes: Uint8Array;
  /** Characters no embedded font could draw (shown as U+FFFD and listed on the PDF). */
  missing: string[];
}

/**
 * The document as a ZUGFeRD 2 / Factur-X PDF/A-3B (`GET /api/invoices/{id}/pdf`): drawn from the
 * document itself, or — given `visible` — the PDF the caller drew, with the CII embedded. A given
 * PDF must already embed all its fonts (PDF/A); the app's own renderers do.
 */
export async function facturxPdf(doc: EInvoiceDocument, visible?: Uint8Array): Promise<FacturXPdf> {
  const drawn = visible
    ? { pdf: await PDFDocument.load(visible, { updateMetadata: false }), missing: [] }
    : await renderEInvoicePdf(doc);
  const bytes = await saveAsPdfA3(drawn.pdf, {
    xml: facturxCii(doc),
    title: documentTitle(doc),
    author: doc.seller.name,
    language: doc.language,
    date: new Date(`${doc.issueDate.slice(0, 10)}T00:00:00.000Z`),
  });
  return { bytes, missing: drawn.missing };
}
