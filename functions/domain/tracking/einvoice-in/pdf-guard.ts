import { inflateSync, constants as zlib } from 'node:zlib';
import { EinvoiceUnreadable } from './unreadable';

/**
 * A check before pdf-lib loads an uploaded PDF. pdf-lib inflates every object stream and
 * cross-reference stream while it loads a document, whole and in memory: a 10 MB upload of
 * deflated zeros would inflate to some 10 GB and stop the function (a 5xx from client input).
 * So those streams are inflated here first, each and all together under a cap, and a PDF that
 * passes it cannot make the load inflate more. Streams pdf-lib inflates only when asked (pages,
 * images, fonts) are never asked for; the embedded XML is inflated under the same cap
 * (`./pdf-xml.ts`).
 */

/** Any one object or cross-reference stream, inflated. Real ones hold kilobytes to a few megabytes. */
export const MAX_STREAM_INFLATED = 32 * 1024 * 1024;
/** All of them together. */
export const MAX_TOTAL_INFLATED = 64 * 1024 * 1024;

/** The filters pdf-lib would also apply; a PDF writer uses FlateDecode for these streams. */
const OTHER_FILTERS = /\/(?:LZWDecode|LZW|ASCII85Decode|A85|ASCIIHexDecode|AHx|RunLengthDecode|RL)\b/;

/** The dictionary text of the stream object around `at` and where its data starts, if found. */
function streamAt(text: string, at: number): { dict: string; dataStart: number } | undefined {
  const objStart = text.lastIndexOf(' obj', at);
  const keyword = text.indexOf('stream', at);
  if (keyword < 0 || keyword - at > 64 * 1024) return undefined;
  let dataStart = keyword + 'stream'.length;
  if (text[dataStart] === '\r') dataStart++;
  if (text[dataStart] === '\n') dataStart++;
  return { dict: text.slice(Math.max(objStart, at - 64 * 1024), keyword), dataStart };
}

/** Refuses a PDF whose object or cross-reference streams inflate past the caps. */
export function assertNoInflationBomb(bytes: Uint8Array): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  let total = 0;
  for (const match of text.matchAll(/\/Type\s*\/(?:ObjStm|XRef)\b/g)) {
    const stream = streamAt(text, match.index);
    if (!stream) continue;
    if (OTHER_FILTERS.test(stream.dict)) {
      throw new EinvoiceUnreadable('an object stream is encoded in a way not read here');
    }
    if (!/\/FlateDecode\b|\/Fl\b/.test(stream.dict)) continue;
    const end = text.indexOf('endstream', stream.dataStart);
    const data = buffer.subarray(stream.dataStart, end < 0 ? buffer.length : end);
    const budget = Math.min(MAX_STREAM_INFLATED, MAX_TOTAL_INFLATED - total);
    if (budget <= 0) throw new EinvoiceUnreadable('the PDF’s streams inflate to more than is allowed');
    try {
      total += inflateSync(data, { maxOutputLength: budget, finishFlush: zlib.Z_SYNC_FLUSH }).length;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
        throw new EinvoiceUnreadable('the PDF’s streams inflate to more than is allowed');
      }
      // Data that is not a deflate stream: pdf-lib decides what to make of it.
    }
  }
}
