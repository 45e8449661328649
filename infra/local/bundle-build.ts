/**
 * Building the Lambda bundles for the local stack and `npm run test:bundles`: every function built
 * exactly as the stack builds it (`esbuildOptions()` from `BUNDLING`), into a directory outside the
 * repository, with the AWS SDK resolvable beside the bundles as the Node.js 22 runtime provides it
 * and the files the stack copies beside a bundle. `bundles.ts` runs them.
 */
import { copyFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { FUNCTIONS } from '../../functions/routes';
import { esbuildOptions, handlerEntry, PDF_FONT_ASSETS, ROOT } from '../constructs/api-function';

export const BUNDLES_VARIABLE = 'TIMELEDGER_BUNDLES';

/** Where a function's bundle lies: `<dir>/functions/<handler>/index.mjs`, as `/var/task/index.mjs` on Lambda. */
export const bundlePath = (dir: string, handler: string) => join(dir, 'functions', handler, 'index.mjs');

/**
 * What the Node.js 22 Lambda runtime provides beside a function: the AWS SDK v3 (every
 * `@aws-sdk/*` package), and nothing else. Deliberately not `BUNDLING.externalModules`: a package
 * marked external by mistake must fail to load here as it would on Lambda.
 */
const LAMBDA_RUNTIME_MODULES = ['@aws-sdk'];

/** Links the runtime's modules into `<dir>/node_modules`, the only place the bundles can find a package. */
async function provideRuntimeModules(dir: string): Promise<void> {
  const modules = join(dir, 'node_modules');
  await mkdir(modules, { recursive: true });
  for (const name of LAMBDA_RUNTIME_MODULES) {
    await symlink(join(ROOT, 'node_modules', name), join(modules, name), 'dir');
  }
}

/** Runs at most `limit` tasks at a time (2 cores are shared with everything else). */
async function pool<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * Builds every route's and job's function as the stack does, into a new directory outside the
 * repository (inside it, the repository's node_modules would hide a missing dependency).
 */
export async function buildBundles(dir?: string): Promise<string> {
  const out = dir ?? (await mkdtemp(join(tmpdir(), 'timeledger-bundles-')));
  const inside = relative(ROOT, resolve(out));
  if (!inside.startsWith('..')) throw new Error(`Bundles must be built outside ${ROOT}, not in ${out}`);
  await rm(join(out, 'functions'), { recursive: true, force: true });
  await rm(join(out, 'node_modules'), { recursive: true, force: true });
  const handlers = [...new Set(FUNCTIONS.map((f) => f.handler))];
  await pool(handlers, 2, async (handler) => {
    await build({
      ...esbuildOptions(),
      entryPoints: [handlerEntry(handler)],
      outfile: bundlePath(out, handler),
    });
  });
  // The files the stack copies beside a bundle (the invoice PDF's fonts), copied the same way.
  for (const fn of FUNCTIONS.filter((f) => f.needs.pdfFonts)) {
    const target = join(dirname(bundlePath(out, fn.handler)), PDF_FONT_ASSETS.dir);
    await mkdir(target, { recursive: true });
    for (const file of PDF_FONT_ASSETS.packages) {
      await copyFile(join(ROOT, 'node_modules', file), join(target, basename(file)));
    }
  }
  await provideRuntimeModules(out);
  return out;
}
