import { join } from 'node:path';

/**
 * Packages a function bundle takes from the stubs beside this file instead (esbuild's `alias`, in
 * `esbuildOptions()` and the stack's bundling of `infra/constructs/api-function.ts`): each is
 * loaded by a dependency for a path the functions never take, and each stub answers that
 * dependency's load and fails loudly, naming why, if the path is ever taken. semver (28 KB, in every signed-in
 * function through jsonwebtoken) answers jsonwebtoken's version checks; brotli (475 KB, WOFF2 in
 * fontkit), the standard PDF fonts (127 KB) and the PNG decoder (25 KB) weigh on the invoice PDF's
 * cold start for fonts and images it never embeds.
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  semver: join(import.meta.dirname, 'semver.ts'),
  'brotli/decompress.js': join(import.meta.dirname, 'brotli-decompress.ts'),
  '@pdf-lib/standard-fonts': join(import.meta.dirname, 'pdf-lib-standard-fonts.ts'),
  '@pdf-lib/upng': join(import.meta.dirname, 'pdf-lib-upng.ts'),
};
