/**
 * `npm test`: every check a change must pass, arranged so that the machine's cores stay busy
 * (issue 33; measured in docs/tests.md).
 *
 * 1. Vitest runs the whole suite and prints as it goes. Beside it, esbuild builds the Lambda
 *    bundles as `cdk deploy` would (seconds of work, into a temporary directory).
 * 2. Once Vitest is done, the bundles' checks (scripts/bundle-checks.ts: every route through the
 *    bundles, each function a process of its own) run beside the static checks: Biome, tsc, the
 *    dependency rules and the size limits, one after another, their output printed when each ends.
 *    The route checks keep about one core busy, the static checks the other; the files Vitest runs
 *    alone at its end measure the machine (sign-in timing, hash slots), so nothing runs beside them.
 *
 * Every step runs to its end even when another one fails, so one run reports every failure; the
 * run exits 1 when any step failed and prints each step's time.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { buildBundles } from '../infra/local/bundles';
import { checkBundles } from './bundle-checks';

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

const since = (start: number) => (performance.now() - start) / 1000;

/** Runs an npm script; its output goes straight through (`live`) or is printed whole when it ends. */
function npmRun(script: string, live: boolean): Promise<Outcome> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('close', (code) => {
      const outcome = { name: script, ok: code === 0, seconds: since(start) };
      if (!live) {
        const text = Buffer.concat(output).toString('utf8').trimEnd();
        const mark = outcome.ok ? '✓' : '✗';
        process.stdout.write(`\n${mark} npm run ${script} (${outcome.seconds.toFixed(0)} s)\n`);
        if (text && (!outcome.ok || script !== 'lint')) process.stdout.write(`${text}\n`);
      }
      resolve(outcome);
    });
  });
}

/** Biome, tsc, the dependency rules and the size limits, one after another. */
async function staticChecks(): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const script of ['lint', 'typecheck', 'deps', 'limits']) outcomes.push(await npmRun(script, false));
  return outcomes;
}

async function timed(name: string, work: () => Promise<boolean>): Promise<Outcome> {
  const start = performance.now();
  const ok = await work().catch((error: unknown) => {
    process.stderr.write(
      `${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return false;
  });
  return { name, ok, seconds: since(start) };
}

const start = performance.now();
let dir: string | undefined;
const built = timed('build the Lambda bundles', async () => {
  dir = await buildBundles();
  return true;
});
const outcomes: Outcome[] = [await npmRun('test:vitest', true), await built];
try {
  const [checks, bundles] = await Promise.all([
    staticChecks(),
    dir ? timed('check the Lambda bundles', () => checkBundles(dir as string)) : undefined,
  ]);
  outcomes.push(...checks, ...(bundles ? [bundles] : []));
} finally {
  if (dir) await rm(dir, { recursive: true, force: true });
}

process.stdout.write('\nnpm test:\n');
for (const o of outcomes) {
  process.stdout.write(`  ${o.ok ? '✓' : '✗'} ${o.name.padEnd(28)} ${o.seconds.toFixed(0).padStart(4)} s\n`);
}
const failed = outcomes.filter((o) => !o.ok);
process.stdout.write(
  `${failed.length === 0 ? 'passed' : `FAILED: ${failed.map((o) => o.name).join(', ')}`} in ${since(start).toFixed(0)} s\n`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
