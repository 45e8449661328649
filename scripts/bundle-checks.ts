/**
 * The checks on the Lambda bundles as `cdk deploy` builds them (infra/local/bundles.ts): each
 * bundle loads only the SDK clients its route-table entry needs, then the API suites named below
 * run with the handlers served by those bundles, each function in a process of its own with
 * exactly the stack's environment. `npm run test:bundles` runs them alone; `npm test` builds the
 * bundles while Vitest runs and checks them once Vitest reaches the files it runs alone
 * (scripts/test.ts).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { FUNCTIONS, type FunctionDefinition, needsJwtSecret } from '../functions/routes';
import { BUNDLES_VARIABLE, bundlePath } from '../infra/local/bundles';

/** Every route, once to succeed and once to be refused (see the file). */
const SUITES = ['test/routes.smoke.test.ts'];

/**
 * The SDK clients a function may load besides DynamoDB's, each exactly where the function's entry
 * says it is used (the entry the stack grants it from): loaded anywhere else, a client only adds
 * to the cold start.
 */
const CLIENTS: { name: string; needed: (fn: FunctionDefinition & { auth?: boolean }) => boolean }[] = [
  { name: '@aws-sdk/client-secrets-manager', needed: needsJwtSecret },
  { name: '@aws-sdk/client-ses', needed: (fn) => fn.needs.sendsEmail === true },
];

/** The functions whose bundle loads a client its entry does not need, or lacks one it does. */
export async function clientsOutOfPlace(dir: string): Promise<string[]> {
  const wrong: string[] = [];
  for (const fn of FUNCTIONS) {
    const code = await readFile(bundlePath(dir, fn.handler), 'utf8');
    for (const client of CLIENTS) {
      const loads = code.includes(`"${client.name}"`);
      if (loads !== client.needed(fn)) {
        wrong.push(`${fn.handler} ${loads ? 'loads' : 'does not load'} ${client.name}`);
      }
    }
  }
  return wrong;
}

/**
 * Checks the bundles in `dir`: answers true when every one loads what it should and answers every
 * route. The output goes to `write` (straight to the terminal unless the caller collects it).
 */
export async function checkBundles(
  dir: string,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<boolean> {
  const wrong = await clientsOutOfPlace(dir);
  if (wrong.length > 0) {
    write(`SDK clients out of place:\n${wrong.map((w) => `  ${w}\n`).join('')}`);
    return false;
  }
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'api', ...SUITES], {
      env: { ...process.env, [BUNDLES_VARIABLE]: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => write(chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => write(chunk.toString('utf8')));
    child.once('close', resolve);
  });
  return code === 0;
}
