import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Metafile, Plugin } from 'esbuild';

/**
 * Build side of `frontend/src/lib/chunk-preload.ts`: every `import('…')` in the app's code becomes
 * `preloaded(import('…'), '<the module's path>')`, and {@link chunkDepsJson} lists, for each lazy
 * module, the chunks it needs, for index.html.
 */

/**
 * `import('spec')` with a literal specifier; the app has no other kind. One with a comment before
 * its specifier (`import(/* one module: nothing to preload *\/ './x')`) is left as written: a
 * chunk of one module that imports nothing has no chunk to ask for beside it, and the module that
 * loads it then goes without the preload code (which would otherwise split into a chunk of its own
 * for the first screen when that module is reached from a screen without the words).
 */
const DYNAMIC_IMPORT = /\bimport\(\s*(['"])([^'"\n]+)\1\s*\)/g;

const toKey = (root: string, path: string) => relative(root, path).split(sep).join('/');

export function preloadDynamicImports(root: string): Plugin {
  const runtime = join(root, 'frontend/src/lib/chunk-preload.ts');
  return {
    name: 'preload-dynamic-imports',
    setup(build) {
      build.onLoad({ filter: /[\\/]frontend[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
        if (args.path === runtime) return undefined;
        const source = await readFile(args.path, 'utf8');
        const calls = [...source.matchAll(DYNAMIC_IMPORT)];
        if (calls.length === 0) return undefined;
        let contents = '';
        let last = 0;
        for (const call of calls) {
          const resolved = await build.resolve(call[2] as string, {
            kind: 'dynamic-import',
            resolveDir: dirname(args.path),
          });
          // An import esbuild cannot resolve is left as written, for esbuild to report.
          const wrapped = resolved.errors.length
            ? call[0]
            : `__preloaded(${call[0]}, ${JSON.stringify(toKey(root, resolved.path))})`;
          contents += source.slice(last, call.index) + wrapped;
          last = (call.index ?? 0) + call[0].length;
        }
        contents += source.slice(last);
        // On the first line, so every other line keeps its number in the source maps.
        const using = `import { preloaded as __preloaded } from ${JSON.stringify(runtime)};`;
        return { contents: using + contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
      });
    },
  };
}

/**
 * For each lazy module of the build, the chunks it needs: its own and those it imports, at every
 * level, less the ones index.html already asks for (`loaded`). Addresses come from `href`.
 */
export function chunkDepsJson(
  metafile: Metafile,
  root: string,
  loaded: ReadonlySet<string>,
  href: (file: string) => string,
): string {
  const outputs = metafile.outputs;
  const files: string[] = [];
  const indexOf = new Map<string, number>();
  const d: Record<string, number[]> = {};
  for (const [file, output] of Object.entries(outputs)) {
    if (!file.endsWith('.js') || !output.entryPoint || loaded.has(file)) continue;
    const needed = new Set<string>();
    const visit = (f: string) => {
      if (needed.has(f) || loaded.has(f)) return;
      needed.add(f);
      for (const imported of outputs[f]?.imports ?? []) {
        if (imported.kind === 'import-statement') visit(imported.path);
      }
    };
    visit(file);
    d[toKey(root, join(root, output.entryPoint))] = [...needed].map((f) => {
      let i = indexOf.get(f);
      if (i === undefined) {
        i = files.push(href(f)) - 1;
        indexOf.set(f, i);
      }
      return i;
    });
  }
  // `<` escaped: the JSON sits inside a script element.
  return JSON.stringify({ f: files, d }).replaceAll('<', '\\u003c');
}
