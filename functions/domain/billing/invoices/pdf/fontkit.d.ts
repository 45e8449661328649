/** The part of fontkit 2 (no bundled types) the invoice PDF uses. */
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
  }
  export interface Subset {
    includeGlyph(glyph: Glyph | number): number;
    encode(): Uint8Array;
  }
  export interface Font {
    unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    createSubset(): Subset;
  }
  export function create(data: Uint8Array, postscriptName?: string): Font;
}
