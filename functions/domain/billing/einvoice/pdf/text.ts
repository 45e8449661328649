// A copy of functions/domain/invoices/pdf/text.ts (the e-invoice module imports nothing from the domain
// while the domain moves into area folders); one of the two goes once the move has landed.
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { FALLBACK_ORDER, type FontName, loadFont } from './fonts';

/**
 * Text in the invoice PDF: each character drawn by the first font that has it, a character no
 * font has replaced by U+FFFD (and remembered, so the PDF can list it), lines wrapped to a width.
 */

export const REPLACEMENT = '\uFFFD';

/** A run of text in one font. */
export interface Run {
  text: string;
  font: PDFFont;
}

/** Fonts embedded in one document, each only once it is needed. */
export class FontSet {
  private embedded = new Map<FontName, PDFFont>();
  /** Code points no font could draw, in the order met. */
  readonly missing = new Set<number>();

  constructor(private readonly doc: PDFDocument) {}

  async embed(name: FontName): Promise<PDFFont> {
    const known = this.embedded.get(name);
    if (known) return known;
    const font = await this.doc.embedFont(loadFont(name).bytes, { subset: true });
    this.embedded.set(name, font);
    return font;
  }

  /** The font for one code point: `base` (sans or bold) when it has it, else the first fallback that has it. */
  private fontNameFor(cp: number, base: FontName): FontName | undefined {
    if (loadFont(base).has(cp)) return base;
    if (base !== 'sans' && loadFont('sans').has(cp)) return 'sans';
    return FALLBACK_ORDER.find((name) => loadFont(name).has(cp));
  }

  /** `text` as runs of one font each; control characters become spaces, undrawable ones U+FFFD. */
  async runs(text: string, base: FontName = 'sans'): Promise<Run[]> {
    const out: { text: string; name: FontName }[] = [];
    for (const ch of text.normalize('NFC')) {
      const cp = ch.codePointAt(0)!;
      let glyph = cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ? ' ' : ch;
      let name = this.fontNameFor(glyph.codePointAt(0)!, base);
      if (!name) {
        this.missing.add(cp);
        glyph = REPLACEMENT;
        name = 'sans';
      }
      const last = out[out.length - 1];
      if (last && last.name === name) last.text += glyph;
      else out.push({ text: glyph, name });
    }
    return Promise.all(out.map(async (r) => ({ text: r.text, font: await this.embed(r.name) })));
  }
}

const widths = new WeakMap<PDFFont, Map<string, number>>();

/**
 * The width of a text at size 1, summed per character from a cache: fontkit lays out every text it
 * measures (GSUB, GPOS), which made a 500-entry invoice take seconds; the PDF places glyphs by their
 * advance widths alone, so the sum is what is drawn.
 */
export function textWidth(font: PDFFont, text: string, size: number): number {
  let cache = widths.get(font);
  if (!cache) {
    cache = new Map();
    widths.set(font, cache);
  }
  let width = 0;
  for (const ch of text) {
    let w = cache.get(ch);
    if (w === undefined) {
      w = font.widthOfTextAtSize(ch, 1);
      cache.set(ch, w);
    }
    width += w;
  }
  return width * size;
}

export const runsWidth = (runs: Run[], size: number) =>
  runs.reduce((w, r) => w + textWidth(r.font, r.text, size), 0);

/** Splits runs into pieces a line may break after: words with their spaces, and single CJK characters. */
function pieces(runs: Run[]): Run[][] {
  const out: Run[][] = [];
  let current: Run[] = [];
  const push = (text: string, font: PDFFont) => {
    const last = current[current.length - 1];
    if (last && last.font === font) last.text += text;
    else current.push({ text, font });
  };
  for (const run of runs) {
    for (const ch of run.text) {
      const wide = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(ch);
      if (wide && current.length > 0) {
        out.push(current);
        current = [];
      }
      push(ch, run.font);
      if (ch === ' ' || wide) {
        out.push(current);
        current = [];
      }
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Splits one piece wider than `width` character by character. */
function splitWide(piece: Run[], size: number, width: number): Run[][] {
  const lines: Run[][] = [];
  let line: Run[] = [];
  for (const run of piece) {
    for (const ch of run.text) {
      const next = [...line, { text: ch, font: run.font }];
      if (line.length > 0 && runsWidth(next, size) > width) {
        lines.push(line);
        line = [{ text: ch, font: run.font }];
      } else line = next;
    }
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

/** The runs of a text broken into lines no wider than `width` (explicit line breaks kept). */
export async function wrap(
  fonts: FontSet,
  text: string,
  size: number,
  width: number,
  base: FontName = 'sans',
) {
  const lines: Run[][] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line: Run[] = [];
    for (const piece of pieces(await fonts.runs(paragraph, base))) {
      if (runsWidth([...line, ...piece], size) <= width) {
        line.push(...piece);
        continue;
      }
      if (line.length > 0) lines.push(line);
      const parts = runsWidth(piece, size) > width ? splitWide(piece, size, width) : [piece];
      lines.push(...parts.slice(0, -1));
      line = [...(parts[parts.length - 1] ?? [])];
    }
    lines.push(line);
  }
  return lines;
}
