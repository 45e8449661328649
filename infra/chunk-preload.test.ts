import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkDepsJson, preloadDynamicImports } from './chunk-preload';

const ROOT = join(import.meta.dirname, '..');

/**
 * A real esbuild build of a small app: `main` imports `Page` lazily, `Page` imports `shared`
 * statically (and `shared` imports `deep`), and `main` also imports `first` statically (index.html
 * asks for it already).
 */
let root: string;
let out: string;
let json: { f: string[]; d: Record<string, number[]> };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'chunk-preload-'));
  const src = join(root, 'frontend/src');
  await mkdir(join(src, 'lib'), { recursive: true });
  for (const file of ['chunk-preload.ts', 'next-task.ts']) {
    await copyFile(join(ROOT, 'frontend/src/lib', file), join(src, 'lib', file));
  }
  await writeFile(join(src, 'first.ts'), 'export const first = () => "first";\n');
  await writeFile(join(src, 'deep.ts'), 'export const deep = () => "deep";\n');
  await writeFile(
    join(src, 'shared.ts'),
    'import { deep } from "./deep";\nexport const shared = () => deep();\n',
  );
  await writeFile(
    join(src, 'Other.ts'),
    'import { shared } from "./shared";\nexport const other = shared;\n',
  );
  await writeFile(join(src, 'Page.ts'), 'import { shared } from "./shared";\nexport const page = shared;\n');
  await writeFile(join(src, 'Alone.ts'), 'export const alone = () => "alone";\n');
  await writeFile(
    join(src, 'main.ts'),
    'import { first } from "./first";\n// import("./Page") in a comment is harmless\nexport const go = async () => [first(), (await import("./Page")).page(), (await import("./Other")).other(), (await import(/* one module */ "./Alone")).alone()];\n',
  );
  out = join(root, 'dist');
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(src, 'main.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: out,
    chunkNames: 'chunk-[hash]',
    metafile: true,
    plugins: [preloadDynamicImports(root)],
    logLevel: 'silent',
  });
  const entry = Object.keys(result.metafile.outputs).find((f) => f.endsWith('main.js')) as string;
  const loaded = new Set([entry]);
  for (const i of result.metafile.outputs[entry]?.imports ?? []) {
    if (i.kind === 'import-statement') loaded.add(i.path);
  }
  json = JSON.parse(chunkDepsJson(result.metafile, root, loaded, (f) => `/${relative('dist', f)}`));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the build’s list of chunks per lazy module', () => {
  it('routes each import() of the app through preloaded, naming the module by its path', async () => {
    const main = await readFile(join(out, 'main.js'), 'utf8');
    expect(main).toContain('"frontend/src/Page.ts"');
    expect(main).toContain('"frontend/src/Other.ts"');
  });

  it('leaves an import() with a comment before its specifier as written: a chunk of one module', async () => {
    const main = await readFile(join(out, 'main.js'), 'utf8');
    expect(main).not.toContain('"frontend/src/Alone.ts"');
    const chunks = (await readdir(out)).filter((f) => f.endsWith('.js'));
    const code = await Promise.all(chunks.map((f) => readFile(join(out, f), 'utf8')));
    const alone = chunks.find((_, i) => code[i]?.includes('"alone"'));
    expect(alone).toBeDefined();
    expect(main).toContain(`"./${alone}"`);
    expect(main).not.toMatch(new RegExp(`preloaded\\(import\\(\\s*"\\./${alone}"`));
  });

  it('lists for a lazy module its own chunk and every chunk it imports, however deep', async () => {
    const files = (key: string) => (json.d[key] ?? []).map((i) => json.f[i] as string);
    const page = files('frontend/src/Page.ts');
    const other = files('frontend/src/Other.ts');
    expect(page.length).toBeGreaterThanOrEqual(2);
    // The shared chunk (shared + deep) is listed for both, under one address.
    const shared = page.filter((f) => other.includes(f));
    expect(shared.length).toBeGreaterThan(0);
    expect(json.f.length).toBe(new Set(json.f).size);
    for (const file of json.f) {
      expect(await readFile(join(out, file), 'utf8')).not.toBe('');
    }
    const sharedCode = await Promise.all(shared.map((f) => readFile(join(out, f), 'utf8')));
    expect(sharedCode.join('')).toContain('"deep"');
  });

  it('leaves out what index.html asks for already, and the entry itself', () => {
    expect(Object.keys(json.d)).not.toContain('frontend/src/main.ts');
    const all = Object.values(json.d)
      .flat()
      .map((i) => json.f[i]);
    expect(all.some((f) => f?.endsWith('main.js'))).toBe(false);
  });

  it('escapes < so the list cannot end its script element', () => {
    const text = chunkDepsJson(
      {
        inputs: {},
        outputs: {
          'dist/x.js': { bytes: 1, inputs: {}, imports: [], exports: [], entryPoint: 'a</script>.ts' },
        },
      },
      root,
      new Set(),
      () => '/x.js',
    );
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).d).toHaveProperty(['a</script>.ts']);
  });
});
