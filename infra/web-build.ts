/**
 * Builds the browser code with esbuild: the SPA into `frontend/dist/` (code-split, hashed, with
 * an index.html that loads the entry) and the embed bundle into `embed/dist/`.
 * `npm run build` (`scripts/build-web.ts [app|embed]`) runs it; `npm start` and the benchmarks call it.
 */
import { copyFile, cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { addressesOf, invalidationsOf } from '../contract/client';
import { ENDPOINTS } from '../contract/endpoints';
import { chunkDepsJson, preloadDynamicImports } from './chunk-preload';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * The method and path of every endpoint by name, for the typed client (`contract/client.ts`): made
 * here from the endpoint objects, so the browser bundles carry the addresses but no schema. JSON
 * text, which the app parses (`lib/api-client.ts`): a string is put where it is used, whereas an
 * object esbuild defines goes into a chunk of its own, with code that runs to make it — one more
 * file for the first screen.
 */
export const API_ADDRESSES_DEFINE = {
  __API_ADDRESSES__: JSON.stringify(JSON.stringify(addressesOf(ENDPOINTS))),
};

/**
 * The reads each write makes stale (the endpoints' `invalidates`), for the app's cache
 * (`lib/stale-reads.ts`), as JSON text: a string is put where it is used, in that module's lazy
 * chunk, whereas esbuild puts an object it defines in a chunk of its own that every chunk using
 * any such define imports — with the addresses, in the first screen.
 */
export const API_INVALIDATES_DEFINE = {
  __API_INVALIDATES__: JSON.stringify(JSON.stringify(invalidationsOf(ENDPOINTS))),
};

/** The endpoints the embed calls (`embed/src/config.ts` declares the same): its bundle carries only their addresses. */
export const EMBED_ENDPOINTS = ['getEmbeddedChart'] as const;
const EMBED_ADDRESSES_DEFINE = {
  __API_ADDRESSES__: JSON.stringify(
    JSON.stringify(addressesOf(Object.fromEntries(EMBED_ENDPOINTS.map((n) => [n, ENDPOINTS[n]])))),
  ),
};

export async function buildApp(): Promise<void> {
  const outdir = join(ROOT, 'frontend/dist');
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, 'frontend/src/main.tsx')],
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2022'],
    minify: true,
    sourcemap: true,
    outdir: join(outdir, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    metafile: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"', ...API_ADDRESSES_DEFINE, ...API_INVALIDATES_DEFINE },
    loader: { '.svg': 'file', '.png': 'file' },
    plugins: [preloadDynamicImports(ROOT)],
    logLevel: 'warning',
  });
  const outputs = Object.entries(result.metafile.outputs);
  const entry = outputs.find(
    ([, o]) => o.entryPoint?.endsWith('frontend/src/main.tsx') && !o.entryPoint.endsWith('.css'),
  );
  const css =
    outputs.find(([file, o]) => file.endsWith('.css') && o.entryPoint === undefined) ??
    outputs.find(([file]) => file.endsWith('.css'));
  if (!entry) throw new Error('esbuild produced no entry chunk');
  const href = (file: string) => `/${relative(outdir, join(ROOT, file)).split('\\').join('/')}`;
  const template = await readFile(join(ROOT, 'frontend/index.html'), 'utf8');
  const firstFrame = firstFrameChunks(result.metafile, entry[0]);
  const loaded = new Set([entry[0], ...firstFrame]);
  const tags = [
    css ? `<link rel="stylesheet" href="${href(css[0])}">` : '',
    `<script type="module" src="${href(entry[0])}"></script>`,
    ...firstFrame.map((file) => `<link rel="modulepreload" href="${href(file)}">`),
    `<script type="application/json" id="chunk-deps">${chunkDepsJson(result.metafile, ROOT, loaded, href)}</script>`,
  ].join('\n    ');
  await writeFile(join(outdir, 'index.html'), template.replace('<!-- app -->', tags));
  // robots.txt and favicon.ico: files at the root that the history fallback leaves alone.
  await cp(join(ROOT, 'frontend/public'), outdir, { recursive: true });
  await writeFile(join(outdir, 'meta.json'), JSON.stringify(result.metafile));
}

/**
 * Modules the entry loads with `import()` and the first frame waits for: the app itself (React,
 * the router, the shell; `frontend/src/app/start.tsx`), loaded after the entry has started asking
 * for the session and the words, and i18next.
 */
const FIRST_FRAME_MODULES = ['frontend/src/app/start.tsx', 'node_modules/i18next/'];

/**
 * The chunks the first frame waits for besides the entry: the entry's static imports, the chunks
 * of the modules above and their static imports, which the browser would otherwise only discover
 * one level at a time, once each chunk has arrived and been parsed. Preloading them from the page
 * turns that waterfall into one round of parallel requests. (The catalogue is not preloaded:
 * which language a visitor needs is known only in the browser.)
 */
export function firstFrameChunks(metafile: Metafile, entry: string): string[] {
  const outputs = metafile.outputs;
  const found = new Set<string>();
  const visit = (file: string) => {
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || found.has(imported.path)) continue;
      found.add(imported.path);
      visit(imported.path);
    }
  };
  visit(entry);
  for (const [file, output] of Object.entries(outputs)) {
    if (!file.endsWith('.js') || found.has(file)) continue;
    const inputs = Object.keys(output.inputs);
    if (inputs.some((input) => FIRST_FRAME_MODULES.some((module) => input.includes(module)))) {
      found.add(file);
      visit(file);
    }
  }
  found.delete(entry);
  return [...found].filter((file) => file.endsWith('.js')).sort();
}

export async function buildEmbed(outdir = join(ROOT, 'embed/dist')): Promise<void> {
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { 'timeledger-embed': join(ROOT, 'embed/src/index.ts') },
    bundle: true,
    format: 'iife',
    target: ['es2020'],
    define: EMBED_ADDRESSES_DEFINE,
    minify: true,
    // The map stays beside the build (maps are never published: `UNPUBLISHED_FILES`), and the
    // script names none — a `sourceMappingURL` comment would point every host's devtools at a 404.
    sourcemap: 'external',
    outdir,
    logLevel: 'warning',
  });
  await mkdir(outdir, { recursive: true });
  await copyFile(join(ROOT, 'embed/example.html'), join(outdir, 'example.html'));
  await copyFile(join(ROOT, 'embed/example.js'), join(outdir, 'example.js'));
}
