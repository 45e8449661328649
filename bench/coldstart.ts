/**
 * Cold-start stand-in: how long a fresh Node process takes to import each Lambda bundle, built
 * with the stack's own esbuild options (`BUNDLING`), beside a floor bundle that only creates the
 * DynamoDB document client. Lambda's init phase does the same work (load and evaluate the module,
 * create clients at module scope), so the ratio to the floor is what our code adds.
 *
 * Each bundle is imported in a new `node` process, `RUNS` times (default 10), round-robin across
 * the bundles so that a busy moment on the machine hits them all alike; the median is reported.
 * The AWS SDK stays external and is resolved from node_modules, as the Lambda runtime provides it.
 *
 * `node --import tsx bench/coldstart.ts [--runs=10] [--max-minutes=15] [--only=login,list-projects]`; `bench/run.ts`
 * calls `measureColdStarts()`.
 */
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { JOBS, ROUTES } from '../functions/routes';
import { BUNDLE_ALIASES } from '../infra/bundle-stubs/aliases';
import { BUNDLING, handlerEntry, ROOT } from '../infra/constructs/api-function';

const run = promisify(execFile);

/** Target from issue 11: every function's import time within 1.2× of the floor. */
export const COLD_START_TARGET_RATIO = 1.2;

const FLOOR = 'floor (DynamoDB document client + jsonwebtoken)';
/**
 * The least a signed-in function does (issue 25): create the document client, loaded the way the
 * functions load it (`require`, `functions/data/core/client.ts`), and bundle jsonwebtoken to check the
 * token, so the ratio is what our code adds.
 */
const FLOOR_SOURCE = `import { createRequire as requireFrom } from 'node:module';
import jwt from 'jsonwebtoken';
const requireSdk = requireFrom(import.meta.url);
const { DynamoDBClient } = requireSdk('@aws-sdk/client-dynamodb');
const { DynamoDBDocumentClient } = requireSdk('@aws-sdk/lib-dynamodb');
const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => [client, jwt.verify];`;

/** The floor before issue 25 (the document client alone), for the absolute comparison. */
const CLIENT_FLOOR = 'floor, the DynamoDB document client only';
const CLIENT_FLOOR_SOURCE = `import { createRequire as requireFrom } from 'node:module';
const requireSdk = requireFrom(import.meta.url);
const { DynamoDBClient } = requireSdk('@aws-sdk/client-dynamodb');
const { DynamoDBDocumentClient } = requireSdk('@aws-sdk/lib-dynamodb');
const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => client;`;

/** The client-only floor as the functions loaded it until 2026-11-25 (`import`), for the absolute comparison. */
const IMPORT_FLOOR = 'floor, the client loaded with import';
const IMPORT_FLOOR_SOURCE = `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => client;`;

/** The variables a deployed function has (values are placeholders: nothing is called). */
const ENV = {
  TABLE_NAME: 'bench',
  AWS_REGION: 'us-east-1',
  APP_URL: 'https://timeledger.example',
  SENDER_EMAIL: 'no-reply@timeledger.example',
  JWT_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench',
  ORIGIN_VERIFY: 'bench',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/** Timed in the child: from before the dynamic import to after the module evaluated. */
const PROBE = `const t = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t));`;

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function bundleTo(outfile: string, entry: { file: string } | { source: string }): Promise<number> {
  const result = await build({
    bundle: true,
    write: true,
    minify: BUNDLING.minify,
    platform: BUNDLING.platform,
    target: BUNDLING.target,
    format: BUNDLING.format,
    mainFields: [...BUNDLING.mainFields],
    banner: { js: BUNDLING.banner },
    external: [...BUNDLING.externalModules],
    // The floor too: jsonwebtoken then loads as every function loads it (without semver).
    alias: { ...BUNDLE_ALIASES },
    sourcemap: false,
    absWorkingDir: ROOT,
    logLevel: 'silent',
    outfile,
    metafile: true,
    ...('file' in entry
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.source, resolveDir: ROOT, loader: 'ts' as const } }),
  });
  return Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
}

async function importMs(file: string): Promise<number> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', PROBE, file], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...ENV },
    timeout: 30_000,
  });
  return Number(stdout);
}

export interface ColdStartRow {
  name: string;
  bytes: number;
  medianMs: number;
  ratio: number;
}

export async function measureColdStarts(
  options: { runs?: number; only?: string[]; maxMs?: number } = {},
): Promise<{
  markdown: string;
  json: { runs: number; floorMs: number; rows: ColdStartRow[] };
}> {
  const runs = options.runs ?? 10;
  const deadline = Date.now() + (options.maxMs ?? 15 * 60_000);
  // Inside the repository so that `@aws-sdk/*` resolves from node_modules, as on Lambda's runtime.
  const dir = join(ROOT, 'cdk.out', 'coldstart');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  try {
    const handlers = [...ROUTES.map((r) => r.handler), ...JOBS.map((j) => j.handler)].filter(
      (h) => !options.only || options.only.includes(h),
    );
    const bundles: { name: string; file: string; bytes: number }[] = [];
    const floors: [string, string, string][] = [
      [FLOOR, 'floor.mjs', FLOOR_SOURCE],
      [CLIENT_FLOOR, 'floor-client.mjs', CLIENT_FLOOR_SOURCE],
      [IMPORT_FLOOR, 'floor-import.mjs', IMPORT_FLOOR_SOURCE],
    ];
    for (const [name, fileName, source] of floors) {
      const file = join(dir, fileName);
      bundles.push({ name, file, bytes: await bundleTo(file, { source }) });
    }
    for (const handler of handlers) {
      const file = join(dir, `${handler}.mjs`);
      bundles.push({ name: handler, file, bytes: await bundleTo(file, { file: handlerEntry(handler) }) });
    }
    // One warm-up import each fills the OS file cache, which a Lambda's init also finds warm.
    for (const b of bundles) await importMs(b.file);
    const times = new Map<string, number[]>(bundles.map((b) => [b.name, []]));
    // Whole rounds only, so every bundle has as many samples as the floor.
    let rounds = 0;
    for (; rounds < runs && Date.now() < deadline; rounds++) {
      for (const b of bundles) times.get(b.name)?.push(await importMs(b.file));
    }
    const floorMs = median(times.get(FLOOR) ?? []);
    const rows = bundles.map((b) => {
      const medianMs = median(times.get(b.name) ?? []);
      return { name: b.name, bytes: b.bytes, medianMs, ratio: medianMs / floorMs };
    });
    const fnRows = rows.filter((r) => !floors.some(([name]) => name === r.name));
    const met = fnRows.filter((r) => r.ratio <= COLD_START_TARGET_RATIO).length;
    const markdown = [
      `Import time of each bundle in a fresh Node ${process.version} process (median of ${rounds}, round-robin), the stack's esbuild options, AWS SDK from node_modules as on the runtime. Target: ≤ ${COLD_START_TARGET_RATIO}× the floor.`,
      '',
      '| bundle | minified | import median ms | × floor |',
      '| --- | ---: | ---: | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${(r.bytes / 1024).toFixed(1)} KB | ${r.medianMs.toFixed(1)} | ${r.ratio.toFixed(2)}× |`,
      ),
      '',
      `${met} of ${fnRows.length} functions within ${COLD_START_TARGET_RATIO}× of the floor (${floorMs.toFixed(1)} ms); range ${Math.min(...fnRows.map((r) => r.ratio)).toFixed(2)}–${Math.max(...fnRows.map((r) => r.ratio)).toFixed(2)}×.`,
    ].join('\n');
    return { markdown, json: { runs: rounds, floorMs, rows } };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const started = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  const { markdown, json } = await measureColdStarts({
    runs: arg('runs') ? Number(arg('runs')) : undefined,
    only: arg('only')?.split(','),
    maxMs: arg('max-minutes') ? Number(arg('max-minutes')) * 60_000 : undefined,
  });
  process.stdout.write(`${markdown}\n`);
  // A run of some bundles is for looking closer; only a run of all of them replaces the results.
  if (arg('only') === undefined) {
    await mkdir(join(ROOT, 'bench/results'), { recursive: true });
    const note = `Run ${started.toISOString().slice(0, 16).replace('T', ' ')}–${new Date().toISOString().slice(11, 16)} UTC; load average ${loadBefore.toFixed(2)} before, ${(loadavg()[0] ?? 0).toFixed(2)} after, on ${cpus().length} CPUs.`;
    await writeFile(join(ROOT, 'bench/results/coldstart.md'), `# Cold start\n\n${note}\n\n${markdown}\n`);
    await writeFile(join(ROOT, 'bench/results/coldstart.json'), `${JSON.stringify(json, null, 2)}\n`);
  }
}
