/**
 * A zip archive written in the browser, files stored as they are (method 0: receipts and invoice
 * PDFs are compressed already), names in UTF-8 (flag bit 11), so any Unicode name is kept. The
 * archive is a Blob of parts: each file's bytes stay the Blob they were fetched as (the browser may
 * keep large Blobs on disk), and only one file is read at a time, for its CRC-32.
 *
 * Limits of the classic format, refused rather than written wrong: at most 65,535 files, each and
 * the whole under 4 GiB (ZIP64 is not written).
 */

const CRC_TABLE = /* @__PURE__ */ (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, as zip uses it) of `bytes`. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const LIMIT = 0xffffffff;

/** A Blob's bytes (through a FileReader where a Blob has no `arrayBuffer`, as in older engines). */
export function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** MS-DOS time and date of `at` (local time, as zip tools show it). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getFullYear());
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

interface Entry {
  name: Uint8Array<ArrayBuffer>;
  crc: number;
  size: number;
  offset: number;
}

/** Builds a zip, one file after another; `finish()` answers it as a Blob (`application/zip`). */
export class ZipWriter {
  private readonly parts: BlobPart[] = [];
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly stamp: { time: number; date: number };

  constructor(at = new Date()) {
    this.stamp = dosDateTime(at);
  }

  /** Adds a file at `path` (`/` separates folders). */
  async add(path: string, data: Blob): Promise<void> {
    if (this.entries.length >= 0xffff) throw new Error('A zip holds at most 65,535 files');
    const name = new TextEncoder().encode(path);
    const crc = crc32(new Uint8Array(await bytesOf(data)));
    const size = data.size;
    if (size >= LIMIT || this.offset + 30 + name.length + size >= LIMIT) {
      throw new Error('The export is larger than a zip without ZIP64 can hold (4 GiB)');
    }
    const header = new DataView(new ArrayBuffer(30));
    header.setUint32(0, 0x04034b50, true);
    this.common(header, 4, crc, size, name.length);
    this.parts.push(header.buffer, name, data);
    this.entries.push({ name, crc, size, offset: this.offset });
    this.offset += 30 + name.length + size;
  }

  /** The archive: the files, the central directory and its end record. */
  finish(): Blob {
    const start = this.offset;
    let length = 0;
    for (const entry of this.entries) {
      const record = new DataView(new ArrayBuffer(46));
      record.setUint32(0, 0x02014b50, true);
      record.setUint16(4, 20, true); // made by: version 2.0
      this.common(record, 6, entry.crc, entry.size, entry.name.length);
      // Comment length, disk number, internal and external attributes: 0.
      record.setUint32(42, entry.offset, true);
      this.parts.push(record.buffer, entry.name);
      length += 46 + entry.name.length;
    }
    const end = new DataView(new ArrayBuffer(22));
    end.setUint32(0, 0x06054b50, true);
    end.setUint16(8, this.entries.length, true);
    end.setUint16(10, this.entries.length, true);
    end.setUint32(12, length, true);
    end.setUint32(16, start, true);
    this.parts.push(end.buffer);
    return new Blob(this.parts, { type: 'application/zip' });
  }

  /** The fields a local header (at 4) and a central record (at 6) share: version, flags, method, time, CRC, sizes, name length. */
  private common(view: DataView, at: number, crc: number, size: number, nameLength: number) {
    view.setUint16(at, 20, true); // version needed: 2.0
    view.setUint16(at + 2, 0x0800, true); // names in UTF-8
    view.setUint16(at + 4, 0, true); // stored
    view.setUint16(at + 6, this.stamp.time, true);
    view.setUint16(at + 8, this.stamp.date, true);
    view.setUint32(at + 10, crc, true);
    view.setUint32(at + 14, size, true);
    view.setUint32(at + 18, size, true);
    view.setUint16(at + 22, nameLength, true);
  }
}
