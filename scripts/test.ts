/**
 * `npm test`: every check a change must pass, arranged so that the machine's cores stay busy
 * without slowing the tests that measure it (issue 33; measured in docs/tests.md).
 *
 * - Vitest runs the whole suite at normal priority and prints as it goes.
 * - Everything else runs at a lower priority, so it gets the cores mostly when Vitest leaves them
 *   idle. This process takes `nice` 10 once Vitest is started, and its children inherit it.
 *   From the start: Biome, tsc, the dependency rules and the size limits one after another at
 *   `nice` 19, the lowest, and esbuild building the Lambda bundles as `cdk deploy` would (seconds).
 * - The checks of the bundles (scripts/bundle-checks.ts: every route through the bundles, each
 *   function a process of its own, with a DynamoDB Local of their own) start when Vitest reaches
 *   the files it runs alone, one at a time (`test/phase-reporter.ts` says when), or when it ends.
 *   They stay at `nice` 10: a function there has a timeout, and at 10 it still gets about a tenth
 *   of a busy core rather than next to nothing. Their output is printed when they end.
 *
 * Every step runs to its end even when another one fails, so one run reports every failure; the
 * run exits 1 when any step failed and prints each step's time.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { constants, setPriority } from 'node:os';
import { buildBundles } from '../infra/local/bundles';
import { checkBundles } from './bundle-checks';

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

const begun = performance.now();
const at = () => (performance.now() - begun) / 1000;

/** Runs an npm script and prints its output whole when it ends (Biome's only when it fails). */
function npmRun(script: string): Promise<Outcome> {
  const start = at();
  return new Promise((resolve) => {
    const child = spawn('nice', ['-n', '9', 'npm', 'run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('close', (code) => {
      const outcome = { name: script, ok: code === 0, seconds: at() - start };
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      process.stdout.write(
        `\n${outcome.ok ? '✓' : '✗'} npm run ${script} (${outcome.seconds.toFixed(0)} s)\n`,
      );
      if (text && (!outcome.ok || script !== 'lint')) process.stdout.write(`${text}\n`);
      resolve(outcome);
    });
  });
}

async function timed(name: string, work: () => Promise<boolean>): Promise<Outcome> {
  const start = at();
  const ok = await work().catch((error: unknown) => {
    process.stderr.write(
      `${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return false;
  });
  return { name, ok, seconds: at() - start };
}

/**
 * Vitest with an IPC channel, so `test/phase-reporter.ts` can say when the files run alone begin.
 * What follows `npm test --` goes to Vitest (`npm test -- test/budgets` runs those files only).
 */
function vitest(onAlone: () => void): Promise<Outcome> {
  const args = ['run', '--reporter=default', '--reporter=./test/phase-reporter.ts', ...process.argv.slice(2)];
  const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', ...args], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (message: { phase?: string }) => {
    if (message.phase === 'alone') onAlone();
  });
  return new Promise((resolve) =>
    child.once('exit', (code) => resolve({ name: 'vitest', ok: code === 0, seconds: at() })),
  );
}

let aloneBegun: () => void = () => {};
const alone = new Promise<void>((resolve) => {
  aloneBegun = resolve;
});
const tests = vitest(() => aloneBegun());
setPriority(constants.priority.PRIORITY_BELOW_NORMAL);

let dir: string | undefined;
const built = timed('build the Lambda bundles', async () => {
  dir = await buildBundles();
  return true;
});
const staticChecks = (async () => {
  const outcomes: Outcome[] = [];
  for (const script of ['lint', 'typecheck', 'deps', 'limits']) outcomes.push(await npmRun(script));
  return outcomes;
})();
const bundleChecks = (async () => {
  await Promise.race([alone, tests]);
  if (!(await built).ok || !dir) return undefined;
  const output: string[] = [];
  const outcome = await timed('check the Lambda bundles', () =>
    checkBundles(dir as string, (text) => output.push(text)),
  );
  const text = output.join('').trimEnd();
  process.stdout.write(`\n${outcome.ok ? '✓' : '✗'} the Lambda bundles (${outcome.seconds.toFixed(0)} s)\n`);
  process.stdout.write(`${outcome.ok ? text.split('\n').slice(-6).join('\n') : text}\n`);
  return outcome;
})();

const outcomes: Outcome[] = [];
try {
  outcomes.push(await tests, await built, ...(await staticChecks));
  const checked = await bundleChecks;
  if (checked) outcomes.push(checked);
} finally {
  if (dir) await rm(dir, { recursive: true, force: true });
}

process.stdout.write('\nnpm test:\n');
for (const o of outcomes) {
  process.stdout.write(`  ${o.ok ? '✓' : '✗'} ${o.name.padEnd(28)} ${o.seconds.toFixed(0).padStart(4)} s\n`);
}
const failed = outcomes.filter((o) => !o.ok);
process.stdout.write(
  `${failed.length === 0 ? 'passed' : `FAILED: ${failed.map((o) => o.name).join(', ')}`} in ${at().toFixed(0)} s\n`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
