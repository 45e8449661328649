/**
 * `@pdf-lib/standard-fonts` as the invoice PDF's bundle gets it (`BUNDLE_ALIASES` in
 * `./aliases.ts`). pdf-lib reads only the names of the 14 standard fonts at
 * load (to tell a standard font from a font file in `embedFont`); their metrics (127 KB) serve
 * `embedStandardFont` alone, which the invoice never calls: it embeds its own Noto fonts, whatever
 * the script. Using a standard font fails here, naming why.
 */

/** The package's names, exactly (pdf-lib's `StandardFonts` are these values). */
export enum FontNames {
  Courier = 'Courier',
  CourierBold = 'Courier-Bold',
  CourierOblique = 'Courier-Oblique',
  CourierBoldOblique = 'Courier-BoldOblique',
  Helvetica = 'Helvetica',
  HelveticaBold = 'Helvetica-Bold',
  HelveticaOblique = 'Helvetica-Oblique',
  HelveticaBoldOblique = 'Helvetica-BoldOblique',
  TimesRoman = 'Times-Roman',
  TimesRomanBold = 'Times-Bold',
  TimesRomanItalic = 'Times-Italic',
  TimesRomanBoldItalic = 'Times-BoldItalic',
  Symbol = 'Symbol',
  ZapfDingbats = 'ZapfDingbats',
}

const leftOut = (): never => {
  throw new Error(
    'The standard PDF fonts are left out of function bundles (infra/bundle-stubs/pdf-lib-standard-fonts.ts): embed a font file',
  );
};

export const Font = { load: leftOut };
export const Encodings = new Proxy({}, { get: leftOut });
