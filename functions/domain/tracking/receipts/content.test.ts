import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECEIPT_CONTENT_TYPES } from '../../../../contract/receipts';
import { matchesContentType } from './content';
import { inlineDisposition } from './files';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (s: string) => new TextEncoder().encode(s);
const MAGIC: Record<string, Uint8Array> = {
  'application/pdf': text('%PDF-1.7\n'),
  'image/jpeg': bytes(0xff, 0xd8, 0xff, 0xe0),
  'image/png': bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  'application/xml': text('<?xml version="1.0"?>'),
  'text/xml': text('<Invoice>'),
};
const join = (a: Uint8Array, b: Uint8Array) => Uint8Array.from([...a, ...b]);

describe('a receipt’s first bytes against its content type', () => {
  it('accepts every file that starts as its type says, whatever follows', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RECEIPT_CONTENT_TYPES),
        fc.uint8Array({ maxLength: 200 }),
        (type, rest) => {
          expect(matchesContentType(type, join(MAGIC[type]!, rest))).toBe(true);
        },
      ),
    );
  });

  it('refuses a PNG named .pdf, a PDF named .png, and a JPEG as XML', () => {
    expect(matchesContentType('application/pdf', MAGIC['image/png']!)).toBe(false);
    expect(matchesContentType('image/png', MAGIC['application/pdf']!)).toBe(false);
    expect(matchesContentType('application/xml', MAGIC['image/jpeg']!)).toBe(false);
    expect(matchesContentType('image/gif', text('GIF89a'))).toBe(false);
    expect(matchesContentType('image/png', new Uint8Array())).toBe(false);
  });

  it('refuses random bytes for an image unless they begin with its signature', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 64 }), (data) => {
        const png = data.length >= 8 && MAGIC['image/png']!.every((b, i) => data[i] === b);
        const jpeg = data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
        expect(matchesContentType('image/png', data)).toBe(png);
        expect(matchesContentType('image/jpeg', data)).toBe(jpeg);
      }),
    );
  });

  it('finds a PDF header after up to a kilobyte of other bytes, and XML after a byte-order mark and white space', () => {
    expect(
      matchesContentType('application/pdf', join(new Uint8Array(1000).fill(0x20), text('%PDF-1.4'))),
    ).toBe(true);
    expect(
      matchesContentType('application/pdf', join(new Uint8Array(1020).fill(0x20), text('%PDF-1.4'))),
    ).toBe(false);
    expect(
      matchesContentType(
        'application/xml',
        join(bytes(0xef, 0xbb, 0xbf), text('\r\n  <rsm:CrossIndustryInvoice/>')),
      ),
    ).toBe(true);
    expect(matchesContentType('text/xml', bytes(0xff, 0xfe, 0x3c, 0x00))).toBe(true);
    expect(matchesContentType('text/xml', text('Rechnung'))).toBe(false);
  });
});

describe('the Content-Disposition a receipt opens with', () => {
  it('keeps any Unicode name exactly in filename* and only printable ASCII in the header', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }), (name) => {
        const value = inlineDisposition(name);
        expect(value).toMatch(/^[\x20-\x7e]+$/);
        expect(decodeURIComponent(value.split("filename*=UTF-8''")[1]!)).toBe(name);
        const ascii = /filename="([^"]*)"/.exec(value)?.[1];
        expect(Array.from(ascii ?? '')).toHaveLength(Array.from(name).length);
      }),
    );
  });
});
