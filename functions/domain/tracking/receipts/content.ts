import type { ReceiptContentType } from '../../../../contract/receipts';

/**
 * Whether a file's first bytes are what its content type says (CONTRACT §9 "Receipts": a file whose
 * first bytes do not match its content type is removed). Pure, so the upload check, the server's
 * own receipts (`keep-file.ts`) and the tests share it.
 */

/** How many bytes the check reads from the start of a file (a PDF's header may come after junk, up to 1 KiB). */
export const FIRST_BYTES = 1024;

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

/** `%PDF-` */
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
/** JPEG's start-of-image marker and the first byte of the next marker. */
const JPEG = [0xff, 0xd8, 0xff];
/** PNG's eight-byte signature. */
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** A PDF: `%PDF-` within the first 1,024 bytes (PDF readers allow bytes before the header). */
function isPdf(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, FIRST_BYTES) - PDF.length;
  for (let at = 0; at <= end; at++) if (startsWith(bytes, PDF, at)) return true;
  return false;
}

/**
 * XML: after an optional byte-order mark (UTF-8, or UTF-16 either way) and white space, a `<`
 * (the declaration `<?xml`, a comment or the root element).
 */
function isXml(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0xfe, 0xff, 0x00, 0x3c]) || startsWith(bytes, [0xff, 0xfe, 0x3c, 0x00])) return true;
  let at = startsWith(bytes, UTF8_BOM) ? UTF8_BOM.length : 0;
  while (at < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[at]!)) at++;
  return bytes[at] === 0x3c;
}

const CHECKS: Record<ReceiptContentType, (bytes: Uint8Array) => boolean> = {
  'application/pdf': isPdf,
  'image/jpeg': (bytes) => startsWith(bytes, JPEG),
  'image/png': (bytes) => startsWith(bytes, PNG),
  'application/xml': isXml,
  'text/xml': isXml,
};

/** Whether `firstBytes` (at least the first {@link FIRST_BYTES} of the file, or all of a shorter one) fit `contentType`. */
export function matchesContentType(contentType: string, firstBytes: Uint8Array): boolean {
  const check = CHECKS[contentType as ReceiptContentType];
  return check?.(firstBytes) === true;
}
