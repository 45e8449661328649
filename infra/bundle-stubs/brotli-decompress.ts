/**
 * `brotli/decompress.js` as the invoice PDF's bundle gets it (`BUNDLE_ALIASES` in
 * `./aliases.ts`). fontkit calls it only to open a WOFF2 font; the invoice
 * embeds TrueType/OpenType Noto fonts (`functions/domain/billing/invoices/pdf/font-files.ts`), so the
 * 475 KB decoder would only weigh on every cold start. A WOFF2 font fails here, naming why.
 */
export default function decompress(): never {
  const error = new Error(
    'WOFF2 fonts cannot be read in a function bundle: brotli is left out (infra/bundle-stubs/brotli-decompress.ts); embed a TTF or OTF font',
  );
  // fontkit catches an error decoding a table and logs it only when asked (`logErrors`): say it here.
  console.error(error.message);
  throw error;
}
