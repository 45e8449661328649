import type { InvoiceDocumentRecord } from '../../../data/billing/invoices';
import { type DocumentKind, documentKey } from '../../../lib/buckets';
import { getObject, putObject } from '../../../lib/s3';
import type { EInvoiceDocument } from '../einvoice/document';
import { facturxPdf } from '../einvoice/facturx';
import { xrechnungUbl } from '../einvoice/ubl';
import { xrechnungCii } from '../einvoice/xrechnung';

/**
 * The documents of an issued invoice in S3 (CONTRACT §9): made once when it is sent — the
 * Factur-X PDF/A-3, XRechnung in CII and in UBL — under keys that depend only on the user, the
 * invoice and the kind, so a send that is tried again puts the same bytes in the same place.
 * Loaded on demand: only the functions that send or download carry the renderers.
 */

export const DOCUMENT_CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  xrechnung: 'application/xml',
  ubl: 'application/xml',
};

/** Renders the three documents of `doc` and stores them; answers what was stored. */
export async function storeDocuments(
  userId: string,
  invoiceId: string,
  doc: EInvoiceDocument,
): Promise<InvoiceDocumentRecord[]> {
  const encoder = new TextEncoder();
  const rendered: [DocumentKind, Uint8Array][] = [
    ['pdf', (await facturxPdf(doc)).bytes],
    ['xrechnung', encoder.encode(xrechnungCii(doc))],
    ['ubl', encoder.encode(xrechnungUbl(doc))],
  ];
  return Promise.all(
    rendered.map(async ([kind, body]) => {
      const stored = await putObject({
        bucket: 'documents',
        key: documentKey(userId, invoiceId, kind),
        body,
        contentType: DOCUMENT_CONTENT_TYPES[kind],
      });
      return { kind, key: stored.key, sha256: stored.sha256, bytes: stored.bytes };
    }),
  );
}

/** A stored document's bytes, checked against the SHA-256 recorded when it was stored. */
export async function readDocument(document: InvoiceDocumentRecord): Promise<Uint8Array> {
  const object = await getObject('documents', document.key);
  if (!object || object.sha256 !== document.sha256) {
    throw new Error(`Invoice document ${document.key} is missing or changed`);
  }
  return object.body;
}
