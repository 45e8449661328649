import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { renderInvoicePdf } from '../../functions/domain/billing/invoices/pdf/invoice-pdf';
import { esbuildOptions, PDF_FONT_ASSETS, ROOT } from '../../infra/constructs/api-function';
import { pdfText } from './helpers';
import { entry, pdfInput } from './pdf-fixtures';

/**
 * The invoice PDF as its function's bundle draws it: built with the stack's esbuild options, whose
 * aliases leave brotli, the standard PDF fonts and the PNG decoder out (`BUNDLE_ALIASES`), with the
 * fonts beside it as the stack ships them. The PDF tests of `functions/domain/billing/invoices/pdf/` run
 * the sources; these check that the bundle draws every script the same and that what was left out
 * fails loudly if it is ever asked for.
 */

interface Bundle {
  renderInvoicePdf: typeof renderInvoicePdf;
  standardFont: () => Promise<unknown>;
  png: () => Promise<unknown>;
  woff2: () => unknown;
}

/** A WOFF2 file's header and one table (`head`): enough for fontkit to reach its brotli decoder. */
const WOFF2 = `(() => {
  const b = Buffer.alloc(54);
  b.write('wOF2', 0, 'ascii');
  b.writeUInt32BE(0x00010000, 4);
  b.writeUInt32BE(54, 8);
  b.writeUInt16BE(1, 12);
  b.writeUInt32BE(54, 16);
  b.writeUInt32BE(4, 20);
  b[48] = 0x01;
  b[49] = 0x36;
  return b;
})()`;

const ENTRY = `export { renderInvoicePdf } from './functions/domain/billing/invoices/pdf/invoice-pdf';
import * as fontkit from 'fontkit';
import { PDFDocument, StandardFonts } from 'pdf-lib';
export const standardFont = async () => (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
export const png = async () => (await PDFDocument.create()).embedPng(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]));
export const woff2 = () => fontkit.create(${WOFF2}).unitsPerEm;`;

let dir: string;
let bundle: Bundle;
let bundleBytes: number;

beforeAll(async () => {
  // Outside the repository, as Lambda runs it: no node_modules to fall back on.
  dir = await mkdtemp(join(tmpdir(), 'invoice-pdf-bundle-'));
  const outfile = join(dir, 'index.mjs');
  await build({
    ...esbuildOptions(),
    sourcemap: false,
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: 'ts' },
    outfile,
  });
  await mkdir(join(dir, PDF_FONT_ASSETS.dir));
  for (const file of PDF_FONT_ASSETS.packages) {
    await copyFile(join(ROOT, 'node_modules', file), join(dir, PDF_FONT_ASSETS.dir, basename(file)));
  }
  bundleBytes = (await readFile(outfile)).byteLength;
  bundle = (await import(pathToFileURL(outfile).href)) as Bundle;
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the invoice PDF function’s bundle', () => {
  it('leaves brotli, the standard fonts and the PNG decoder out', () => {
    // pdf-lib and fontkit are about 460 KB of it; brotli alone was 475 KB, the standard fonts 127 KB.
    expect(bundleBytes).toBeLessThan(800 * 1024);
  });

  it('draws Latin, Japanese and Chinese text through the Noto fonts', async () => {
    const out = await bundle.renderInvoicePdf(
      pdfInput({
        entries: [
          entry('P1', 1, 'Überarbeitung der Startseite', 'Ñandú façade'),
          entry('P1', 2, '会議の準備', '设计评审和讨论'),
          entry('P1', 3, 'カタカナとひらがな', '繁體中文測試'),
        ],
      }),
    );
    const text = pdfText(out.bytes);
    for (const expected of [
      'Rechnung 2026-0007',
      'Jörg Weiß',
      'Müller & Söhne GmbH',
      'Überarbeitung der Startseite – Ñandú façade',
      '会議の準備 – 设计评审和讨论',
      'カタカナとひらがな – 繁體中文測試',
      '142,80 €',
    ]) {
      expect(text).toContain(expected);
    }
    expect(out.missing).toEqual([]);
  });

  it('shows a character no font draws as U+FFFD and lists it, as the sources do', async () => {
    const out = await bundle.renderInvoicePdf(
      pdfInput({ entries: [entry('P1', 1, 'Launch 🚀 party', '한국어 meeting')] }),
    );
    expect(out.missing).toEqual(['🚀', '한', '국', '어']);
    expect(pdfText(out.bytes)).toContain('Launch \uFFFD party – \uFFFD\uFFFD\uFFFD meeting');
  });

  it('fails loudly, naming why, if a standard font, a PNG or a WOFF2 font is ever asked for', async () => {
    await expect(bundle.standardFont()).rejects.toThrow(/standard PDF fonts are left out/);
    await expect(bundle.png()).rejects.toThrow(/PNG images cannot be embedded/);
    // fontkit catches the error of a table it cannot decode (the font then lacks it); the stub logs why.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => bundle.woff2()).toThrow();
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/WOFF2 fonts cannot be read/));
    logged.mockRestore();
  });
});
