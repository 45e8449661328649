import type { ReceivedInvoice } from './invoice';
import { embeddedInvoiceXml, looksLikePdf } from './pdf-xml';
import { isCii, readCii } from './read-cii';
import { isUbl, readUbl } from './read-ubl';
import { EinvoiceUnreadable } from './unreadable';
import { parseXml } from './xml-tree';

export type { ReceivedInvoice } from './invoice';
export { EinvoiceUnreadable } from './unreadable';

/** What was uploaded: an XML invoice, or a PDF with one embedded. */
export type EinvoiceContainer = 'xml' | 'pdf';

export interface ReadEinvoice {
  invoice: ReceivedInvoice;
  container: EinvoiceContainer;
}

/** The invoice of an XML document: CII or UBL, told by the root's namespace and name. */
export function readInvoiceXml(bytes: Uint8Array): ReceivedInvoice {
  const root = parseXml(bytes);
  if (isCii(root)) return readCii(root);
  if (isUbl(root)) return readUbl(root);
  throw new EinvoiceUnreadable(`the document is a {${root.ns}}${root.local}, not an EN 16931 invoice`);
}

/**
 * A received e-invoice (CONTRACT §9 "E-invoices received"): an XRechnung or other EN 16931 invoice
 * in CII or UBL, or a ZUGFeRD 2 / Factur-X PDF, told apart by their content (not the content type
 * a browser guessed). Anything else is {@link EinvoiceUnreadable}; no input makes it throw another
 * error (a fault of a library on hostile input is answered as unreadable too).
 */
export async function readReceivedEinvoice(bytes: Uint8Array): Promise<ReadEinvoice> {
  try {
    if (bytes.length === 0) throw new EinvoiceUnreadable('the file is empty');
    if (looksLikePdf(bytes))
      return { invoice: readInvoiceXml(await embeddedInvoiceXml(bytes)), container: 'pdf' };
    return { invoice: readInvoiceXml(bytes), container: 'xml' };
  } catch (error) {
    if (error instanceof EinvoiceUnreadable) throw error;
    // A stack overflow or a parser's own error on a malformed file: still the file's fault.
    throw new EinvoiceUnreadable(`the file could not be read (${(error as Error)?.name ?? 'error'})`);
  }
}
