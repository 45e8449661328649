/**
 * `@pdf-lib/upng` as the invoice PDF's bundle gets it (`BUNDLE_ALIASES` in
 * `./aliases.ts`): pdf-lib decodes PNG images with it, and the invoice draws
 * no image. Embedding a PNG fails here, naming why.
 */
const leftOut = (): never => {
  throw new Error(
    'PNG images cannot be embedded in a function bundle: @pdf-lib/upng is left out (infra/bundle-stubs/pdf-lib-upng.ts)',
  );
};

export default { decode: leftOut, toRGBA8: leftOut };
