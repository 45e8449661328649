// A copy of functions/domain/invoices/pdf/fonts.ts (the e-invoice module imports nothing from the domain
// while the domain moves into area folders); one of the two goes once the move has landed.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import type { PDFDocument } from 'pdf-lib';
import { FONT_PACKAGES, FONTS_DIR } from './font-files';

/**
 * The fonts of the invoice PDF: Noto Sans (Latin, Greek, Cyrillic, €, ₹ and U+FFFD), then Noto
 * Sans JP (kana and the kanji of Japanese), then Noto Sans SC (Chinese, and what JP lacks), all
 * from the npm registry (`@expo-google-fonts/*`, SIL Open Font License). A text takes for each
 * character the first font that has it; a character none has is drawn as U+FFFD and listed.
 *
 * The files are not in the JavaScript bundle: the invoice PDF function ships them beside its
 * `index.mjs` (`fonts/`: `pdfFonts` in the route table
 * and `./font-files.ts`), and the sources read them
 * from `node_modules`. Each is read only when a text needs it (the CJK ones are 5 and 10 MB) and
 * kept for the next invocation of the same instance.
 */

export { FONT_PACKAGES };

export type FontName = keyof typeof FONT_PACKAGES;

/** Where the fallback fonts are tried, in order, for a character the first font lacks. */
export const FALLBACK_ORDER: readonly FontName[] = ['jp', 'sc'];

const here = dirname(fileURLToPath(import.meta.url));
const packages = createRequire(import.meta.url);

/** A font's file: beside the bundle on Lambda (`fonts/`), else from its package. */
export function fontFile(name: FontName): string {
  const spec = FONT_PACKAGES[name];
  const bundled = join(here, FONTS_DIR, basename(spec));
  return existsSync(bundled) ? bundled : packages.resolve(spec);
}

export interface LoadedFont {
  bytes: Uint8Array;
  /** Whether the font draws the code point. */
  has(codePoint: number): boolean;
}

const cache = new Map<FontName, LoadedFont>();

/** A font's bytes and coverage, read once per instance. */
export function loadFont(name: FontName): LoadedFont {
  const cached = cache.get(name);
  if (cached) return cached;
  const bytes = readFileSync(fontFile(name));
  const font = fontkit.create(bytes);
  const loaded = { bytes, has: (cp: number) => font.hasGlyphForCodePoint(cp) };
  cache.set(name, loaded);
  return loaded;
}

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];

/** fontkit 2's subset as pdf-lib 1.17 reads it (its `encodeStream`, from fontkit 1, became `encode`). */
function pdfLibSubset(subset: fontkit.Subset) {
  return Object.assign(subset, {
    cff: false,
    encodeStream() {
      const handlers: Record<string, (value?: Uint8Array) => void> = {};
      const stream = {
        on(event: string, handler: (value?: Uint8Array) => void) {
          handlers[event] = handler;
          return stream;
        },
      };
      setTimeout(() => {
        try {
          handlers.data?.(subset.encode());
          handlers.end?.();
        } catch (error) {
          (handlers.error as ((e: unknown) => void) | undefined)?.(error);
        }
      });
      return stream;
    },
  });
}

/**
 * fontkit 2 for pdf-lib: its TrueType subsets are right where `@pdf-lib/fontkit` (a fork of fontkit
 * 1) drew most glyphs of these Noto fonts blank. Text is laid out one character at a time (the
 * cmap's glyph for each code point) instead of fontkit's full shaping (GSUB/GPOS), which took most
 * of the time of a large invoice. Nothing this PDF draws needs shaping: text is NFC-composed first,
 * the fonts are Latin, Greek, Cyrillic and CJK, and PDF places glyphs by their advance widths
 * alone. (Scripts that need shaping, e.g. Arabic, have no font here and show as U+FFFD.)
 */
export const pdfFontkit = {
  create(data: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(data, postscriptName);
    const glyphs = new Map<number, fontkit.Glyph>();
    const glyphOf = (cp: number) => {
      let glyph = glyphs.get(cp);
      if (!glyph) {
        glyph = font.glyphForCodePoint(cp);
        glyphs.set(cp, glyph);
      }
      return glyph;
    };
    const layout = (text: string) => ({ glyphs: Array.from(text, (ch) => glyphOf(ch.codePointAt(0)!)) });
    const createSubset = () => pdfLibSubset(font.createSubset());
    return Object.assign(Object.create(font) as fontkit.Font, { layout, createSubset });
  },
} as unknown as PdfLibFontkit;
