import { describe, expect, it } from 'vitest';
import { bytesOf, crc32, ZipWriter } from './zip';

/** The entries of a zip as its central directory lists them, each with its stored bytes. */
function readZip(bytes: Uint8Array): { name: string; data: Uint8Array; crc: number }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = [];
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    expect(view.getUint16(at + 8, true) & 0x0800).toBe(0x0800);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const offset = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(offset, true)).toBe(0x04034b50);
    const localName = view.getUint16(offset + 26, true);
    const start = offset + 30 + localName;
    entries.push({ name, data: bytes.subarray(start, start + size), crc });
    at += 46 + nameLength;
  }
  return entries;
}

describe('the zip the export is written into', () => {
  it('computes CRC-32 as zip does', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('stores each file whole under its UTF-8 name, findable through the central directory', async () => {
    const zip = new ZipWriter(new Date(2026, 2, 1, 12, 30, 10));
    const files = [
      { name: 'data.json', data: new TextEncoder().encode('{"a":1}') },
      { name: 'receipts/01J/Quittung 東京 🚄.png', data: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 255]) },
      { name: 'empty.txt', data: new Uint8Array() },
    ];
    for (const f of files) await zip.add(f.name, new Blob([f.data]));
    const blob = zip.finish();
    expect(blob.type).toBe('application/zip');
    const read = readZip(new Uint8Array(await bytesOf(blob)));
    expect(read.map((e) => e.name)).toEqual(files.map((f) => f.name));
    read.forEach((entry, i) => {
      expect(Array.from(entry.data)).toEqual(Array.from(files[i]!.data));
      expect(entry.crc).toBe(crc32(files[i]!.data));
    });
  });
});
