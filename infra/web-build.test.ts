import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { buildEmbed, firstFrameChunks } from './web-build';

type Output = Metafile['outputs'][string];
const output = (
  imports: [string, 'import-statement' | 'dynamic-import'][],
  inputs: string[] = [],
): Output => ({
  bytes: 1,
  inputs: Object.fromEntries(inputs.map((i) => [i, { bytesInOutput: 1 }])),
  imports: imports.map(([path, kind]) => ({ path, kind })),
  exports: [],
});

describe('the chunks index.html preloads', () => {
  const metafile: Metafile = {
    inputs: {},
    outputs: {
      'dist/assets/main.js': output([
        ['dist/assets/chunk-react.js', 'import-statement'],
        ['dist/assets/chunk-start.js', 'dynamic-import'],
        ['dist/assets/chunk-i18next.js', 'dynamic-import'],
        ['dist/assets/chunk-en.js', 'dynamic-import'],
        ['dist/assets/chunk-dashboard.js', 'dynamic-import'],
      ]),
      'dist/assets/chunk-react.js': output([]),
      'dist/assets/chunk-start.js': output(
        [['dist/assets/chunk-shell.js', 'import-statement']],
        ['frontend/src/app/start.tsx'],
      ),
      'dist/assets/chunk-shell.js': output([
        ['dist/assets/chunk-react.js', 'import-statement'],
        ['dist/assets/chunk-router.js', 'import-statement'],
      ]),
      'dist/assets/chunk-router.js': output([['dist/assets/chunk-react.js', 'import-statement']]),
      'dist/assets/chunk-i18next.js': output([], ['node_modules/i18next/dist/esm/i18next.js']),
      'dist/assets/chunk-en.js': output([], ['frontend/src/i18n/locales/en.json']),
      'dist/assets/chunk-dashboard.js': output([['dist/assets/chunk-charts.js', 'import-statement']]),
      'dist/assets/chunk-charts.js': output([]),
      'dist/assets/main.css': output([]),
    },
  };

  it('are the entry’s static imports, the app and i18next, transitively — not lazy screens or a catalogue', () => {
    expect(firstFrameChunks(metafile, 'dist/assets/main.js')).toEqual([
      'dist/assets/chunk-i18next.js',
      'dist/assets/chunk-react.js',
      'dist/assets/chunk-router.js',
      'dist/assets/chunk-shell.js',
      'dist/assets/chunk-start.js',
    ]);
  });
});

describe('the embed script as built', () => {
  it('names no source map, which is never published (issue 35 item 7)', async () => {
    const outdir = await mkdtemp(join(tmpdir(), 'embed-build-'));
    try {
      await buildEmbed(outdir);
      const script = await readFile(join(outdir, 'timeledger-embed.js'), 'utf8');
      expect(script.length).toBeGreaterThan(1000);
      expect(script).not.toMatch(/sourceMappingURL/);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  }, 60_000);
});
