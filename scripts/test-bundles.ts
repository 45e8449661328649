/**
 * `npm run test:bundles`: builds every Lambda bundle as `cdk deploy` would (infra/local/bundles.ts),
 * then runs the API suites named below with the handlers served by those bundles, each function in
 * a process of its own with exactly the stack's environment. Any bundle that cannot load or answer
 * fails the run.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { BUNDLES_VARIABLE, buildBundles } from '../infra/local/bundles';

/** Every route, once to succeed and once to be refused (see the file). */
const SUITES = ['test/routes.smoke.test.ts'];

const started = Date.now();
const dir = await buildBundles();
process.stdout.write(`Lambda bundles built in ${((Date.now() - started) / 1000).toFixed(0)} s: ${dir}\n`);
try {
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'api', ...SUITES], {
      env: { ...process.env, [BUNDLES_VARIABLE]: dir },
      stdio: 'inherit',
    });
    child.once('exit', resolve);
  });
  process.exitCode = code ?? 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
