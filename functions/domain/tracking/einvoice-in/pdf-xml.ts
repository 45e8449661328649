import { inflateSync, constants as zlib } from 'node:zlib';
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFString,
} from 'pdf-lib';
import { assertNoInflationBomb } from './pdf-guard';
import { EinvoiceUnreadable } from './unreadable';

/**
 * The invoice XML a ZUGFeRD 2 / Factur-X PDF carries as an embedded file, read with pdf-lib (the
 * library the invoice PDFs are written with). The file is found by its name — `factur-x.xml`
 * (Factur-X, ZUGFeRD 2.1 and later), `zugferd-invoice.xml` (ZUGFeRD 2.0) or `xrechnung.xml`
 * (ZUGFeRD's XRechnung profile) — in the catalogue's embedded files (`/Names /EmbeddedFiles`,
 * a name tree) or its associated files (`/AF`, PDF/A-3).
 *
 * Bounded for hostile files: pdf-lib inflates a PDF's object and cross-reference streams when it
 * loads it, so those are first inflated under a cap (`./pdf-guard.ts`); the embedded file itself
 * is inflated here with the same cap; the name tree is walked to a bounded depth and size.
 */

export const EMBEDDED_XML_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'] as const;

/** The most an embedded XML may inflate to: the upload's own limit. */
export const MAX_EMBEDDED_BYTES = 10 * 1024 * 1024;
const MAX_TREE_DEPTH = 16;
const MAX_TREE_ENTRIES = 10_000;

/**
 * Whether the bytes are a PDF: `%PDF-` in the first kilobyte (readers allow some junk before it),
 * unless they start as XML does (`<` after a byte order mark and white space).
 */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NULs are UTF-16's high bytes of ASCII.
  const start = head.replace(/^(?:\xEF\xBB\xBF|\xFE\xFF|\xFF\xFE)/, '').replace(/[\s\u0000]/g, '');
  return !start.startsWith('<') && head.includes('%PDF-');
}

function resolved(context: PDFContext, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? context.lookup(value) : value;
}

function dictOf(context: PDFContext, value: PDFObject | undefined): PDFDict | undefined {
  const object = resolved(context, value);
  return object instanceof PDFDict ? object : undefined;
}

function arrayOf(context: PDFContext, value: PDFObject | undefined): PDFArray | undefined {
  const object = resolved(context, value);
  return object instanceof PDFArray ? object : undefined;
}

function textOf(context: PDFContext, value: PDFObject | undefined): string | undefined {
  const object = resolved(context, value);
  return object instanceof PDFString || object instanceof PDFHexString ? object.decodeText() : undefined;
}

/** The file specifications of the embedded-files name tree, depth first. */
function nameTreeSpecs(context: PDFContext, root: PDFDict | undefined): PDFDict[] {
  const specs: PDFDict[] = [];
  let visited = 0;
  const walk = (node: PDFDict | undefined, depth: number) => {
    if (!node || depth > MAX_TREE_DEPTH) return;
    const names = arrayOf(context, node.get(PDFName.of('Names')));
    for (let i = 1; names && i < names.size(); i += 2) {
      if (++visited > MAX_TREE_ENTRIES) return;
      const spec = dictOf(context, names.get(i));
      if (spec) specs.push(spec);
    }
    const kids = arrayOf(context, node.get(PDFName.of('Kids')));
    for (let i = 0; kids && i < kids.size(); i++) {
      if (++visited > MAX_TREE_ENTRIES) return;
      walk(dictOf(context, kids.get(i)), depth + 1);
    }
  };
  walk(root, 0);
  return specs;
}

/** Every file specification the catalogue names: embedded files, then associated files. */
function fileSpecs(pdf: PDFDocument): PDFDict[] {
  const { context, catalog } = pdf;
  const names = dictOf(context, catalog.get(PDFName.of('Names')));
  const tree = nameTreeSpecs(context, dictOf(context, names?.get(PDFName.of('EmbeddedFiles'))));
  const associated = arrayOf(context, catalog.get(PDFName.of('AF')));
  const af: PDFDict[] = [];
  for (let i = 0; associated && i < Math.min(associated.size(), MAX_TREE_ENTRIES); i++) {
    const spec = dictOf(context, associated.get(i));
    if (spec) af.push(spec);
  }
  return [...tree, ...af];
}

/** The bytes of an embedded file's stream: as stored, or inflated (under the cap). */
function streamBytes(stream: PDFRawStream): Uint8Array {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  if (filters.length === 0) return stream.contents;
  if (filters.length > 1 || filters[0] !== PDFName.of('FlateDecode')) {
    throw new EinvoiceUnreadable('the embedded XML is encoded in a way not read here');
  }
  try {
    return inflateSync(stream.contents, {
      maxOutputLength: MAX_EMBEDDED_BYTES,
      finishFlush: zlib.Z_SYNC_FLUSH,
    });
  } catch {
    throw new EinvoiceUnreadable('the embedded XML cannot be inflated, or is too large');
  }
}

/** The named invoice XML of a specification, if it is one. */
function invoiceXmlOf(context: PDFContext, spec: PDFDict): Uint8Array | undefined {
  const name = (
    textOf(context, spec.get(PDFName.of('UF'))) ??
    textOf(context, spec.get(PDFName.of('F'))) ??
    ''
  )
    .trim()
    .toLowerCase();
  if (!(EMBEDDED_XML_NAMES as readonly string[]).includes(name)) return undefined;
  const files = dictOf(context, spec.get(PDFName.of('EF')));
  const stream = resolved(context, files?.get(PDFName.of('F')) ?? files?.get(PDFName.of('UF')));
  return stream instanceof PDFRawStream ? streamBytes(stream) : undefined;
}

/** The embedded invoice XML of a PDF, or {@link EinvoiceUnreadable}. */
export async function embeddedInvoiceXml(bytes: Uint8Array): Promise<Uint8Array> {
  assertNoInflationBomb(bytes);
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    throw new EinvoiceUnreadable('the PDF cannot be read (or is encrypted)');
  }
  let specs: PDFDict[];
  try {
    specs = fileSpecs(pdf);
  } catch {
    throw new EinvoiceUnreadable('the PDF’s embedded files cannot be read');
  }
  for (const spec of specs) {
    const xml = invoiceXmlOf(pdf.context, spec);
    if (xml) return xml;
  }
  throw new EinvoiceUnreadable(`the PDF embeds none of ${EMBEDDED_XML_NAMES.join(', ')}`);
}
