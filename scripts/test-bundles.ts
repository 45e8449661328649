/**
 * `npm run test:bundles`: builds every Lambda bundle as `cdk deploy` would (infra/local/bundles.ts)
 * and checks it (scripts/bundle-checks.ts). Any bundle that cannot load or answer fails the run.
 */
import { rm } from 'node:fs/promises';
import { buildBundles } from '../infra/local/bundles';
import { checkBundles } from './bundle-checks';

const started = Date.now();
const dir = await buildBundles();
process.stdout.write(`Lambda bundles built in ${((Date.now() - started) / 1000).toFixed(0)} s: ${dir}\n`);
try {
  process.exitCode = (await checkBundles(dir)) ? 0 : 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
