/**
 * The API on the Lambda bundles instead of the sources: every function built exactly as the stack
 * builds it (`esbuildOptions()` from `BUNDLING`), run by plain Node in a process of its own (one per
 * function, like a Lambda instance) with exactly the environment the stack gives it, the AWS SDK
 * resolvable beside the bundle and nothing else, as the Node.js 22 runtime provides it.
 *
 * Switched on by `TIMELEDGER_BUNDLES=<dir of buildBundles()>`: `loadHandler()` (local server and
 * test client alike) then answers through the bundles. `npm start -- --bundles` and
 * `npm run test:bundles` set it.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { BUCKETS } from '../../functions/lib/buckets';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS, FUNCTIONS } from '../../functions/routes';
import { lambdaEnvironment } from '../constructs/api-function';
import { DEFAULT_SETTINGS, functionEnvironment, LOCAL_ONLY_VARIABLES } from '../settings';
import { BUNDLES_VARIABLE, buildBundles, bundlePath } from './bundle-build';

export { BUNDLES_VARIABLE, buildBundles, bundlePath } from './bundle-build';

const RUNNER = join(import.meta.dirname, 'lambda-runtime.mjs');

/** The secret a CloudFront would add; the functions get it as `ORIGIN_VERIFY`, as on AWS. */
const originVerify = randomBytes(24).toString('base64url');

/**
 * The functions' timeouts are the stack's times this: two cores shared with the test runner,
 * DynamoDB Local and other work are slower than a Lambda instance of its own (scrypt at 1 GB).
 */
const LOCAL_SLOWDOWN = 3;

interface Needs {
  memorySize: number;
  timeoutMs: number;
}

/** Memory and timeout per function, as the stack sizes it (the route table's `needs`). */
function needsOf(handler: string): Needs {
  const needs = FUNCTIONS.find((f) => f.handler === handler)?.needs ?? {};
  return {
    memorySize: needs.memoryMb ?? DEFAULT_MEMORY_MB,
    timeoutMs: (needs.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000 * LOCAL_SLOWDOWN,
  };
}

function localValue(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set to run the bundles (the local stack and tests set it)`);
  return value;
}

/**
 * Exactly what a function has on AWS: the stack's variables (`functionEnvironment` with the
 * deployment defaults of `functions/lib/settings.ts`, plus `lambdaEnvironment`'s), what the Lambda runtime sets, and
 * the local-only variables that point it at DynamoDB Local, the local SES and S3 and a plain JWT key
 * instead of AWS. Nothing of this process's environment leaks in.
 */
export function bundleEnvironment(handler: string, dir: string, memorySize: number): Record<string, string> {
  const region = process.env.AWS_REGION || 'us-east-1';
  const stack = lambdaEnvironment(
    functionEnvironment(DEFAULT_SETTINGS, {
      tableName: localValue('TABLE_NAME'),
      appUrl: localValue('APP_URL'),
      jwtSecretArn: `arn:aws:secretsmanager:${region}:000000000000:secret:local-jwt`,
      originVerify,
      buckets: Object.fromEntries(Object.values(BUCKETS).map(({ env }) => [env, localValue(env)])),
    }),
  );
  const runtime = {
    AWS_REGION: region,
    AWS_DEFAULT_REGION: region,
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    AWS_LAMBDA_FUNCTION_NAME: handler,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(memorySize),
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    LAMBDA_TASK_ROOT: join(dir, 'functions', handler),
    TZ: ':UTC',
    LANG: 'en_US.UTF-8',
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    // Lambda runs Node 22; the SDK's reminder about this machine's Node 20 is noise.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const local = Object.fromEntries(LOCAL_ONLY_VARIABLES.map((name) => [name, localValue(name)]));
  return { ...runtime, ...stack, ...local };
}

/** A function failed as Lambda reports it (init error, uncaught error, timeout, crash). */
export class FunctionError extends Error {
  override name = 'FunctionError';
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Starts the function's timeout once the handler runs (init does not count, as on Lambda). */
  start(): void;
  timer?: NodeJS.Timeout;
}

interface Instance {
  child: ChildProcess;
  pending: Map<string, Pending>;
  output: () => string;
}

const instances = new Map<string, Instance>();

function startInstance(handler: string, dir: string, memorySize: number): Instance {
  const child = fork(RUNNER, [bundlePath(dir, handler)], {
    cwd: join(dir, 'functions', handler),
    env: bundleEnvironment(handler, dir, memorySize),
    // Plain Node, as on Lambda: not this process's loaders (tsx, vitest).
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const forward = process.env.LOG_LEVEL !== 'silent';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    if (forward) process.stderr.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const instance: Instance = { child, pending: new Map(), output: () => output };
  child.on(
    'message',
    (message: {
      id?: string;
      started?: boolean;
      result?: unknown;
      error?: { errorType: string; errorMessage: string; stack?: string };
    }) => {
      if (!message.id) return;
      const pending = instance.pending.get(message.id);
      if (!pending) return;
      if (message.started) return pending.start();
      instance.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.error) {
        pending.reject(
          new FunctionError(
            `${handler} failed: ${message.error.errorType}: ${message.error.errorMessage}\n${message.error.stack ?? ''}`,
          ),
        );
      } else pending.resolve(message.result);
    },
  );
  child.once('exit', (code, signal) => {
    if (instances.get(handler) === instance) instances.delete(handler);
    for (const [id, pending] of instance.pending) {
      clearTimeout(pending.timer);
      pending.reject(new FunctionError(`${handler} exited (${signal ?? code}) during ${id}:\n${output}`));
    }
    instance.pending.clear();
  });
  return instance;
}

/** Invokes a function's bundle with an event, as Lambda would; rejects with `FunctionError` where Lambda reports an error. */
export async function invokeBundle(handler: string, event: unknown): Promise<unknown> {
  const dir = localValue(BUNDLES_VARIABLE);
  const { memorySize, timeoutMs } = needsOf(handler);
  let instance = instances.get(handler);
  if (!instance) {
    instance = startInstance(handler, dir, memorySize);
    instances.set(handler, instance);
  }
  const id = randomUUID();
  const context = {
    functionName: handler,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${handler}`,
    memoryLimitInMB: String(memorySize),
    awsRequestId: id,
    logGroupName: `/aws/lambda/${handler}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    timeoutMs,
  };
  const running = instance;
  return new Promise((resolveInvoke, reject) => {
    const pending: Pending = {
      resolve: resolveInvoke,
      reject,
      start: () => {
        pending.timer = setTimeout(() => {
          // Lambda stops the instance at its timeout; the next invocation starts a new one.
          running.pending.delete(id);
          reject(
            new FunctionError(`${handler} timed out after ${timeoutMs / 1000} seconds:\n${running.output()}`),
          );
          running.child.kill('SIGKILL');
        }, timeoutMs);
      },
    };
    running.pending.set(id, pending);
    running.child.send({ id, event, context });
  });
}

/**
 * A handler that runs the bundle. API events get CloudFront's `x-origin-verify`, because the
 * functions hold the secret (`ORIGIN_VERIFY`) and refuse requests without it, as on AWS.
 */
export function bundleHandler(handler: string) {
  return (event: { headers?: Record<string, string> } & Record<string, unknown>) =>
    invokeBundle(
      handler,
      event.headers ? { ...event, headers: { ...event.headers, 'x-origin-verify': originVerify } } : event,
    );
}

/** Stops every function instance (the local stack's Ctrl-C). */
export async function stopBundles(): Promise<void> {
  await Promise.all(
    [...instances.values()].map(
      (instance) =>
        new Promise<void>((resolveStop) => {
          if (instance.child.exitCode !== null) return resolveStop();
          instance.child.once('exit', () => resolveStop());
          instance.child.kill('SIGTERM');
        }),
    ),
  );
}

process.once('exit', () => {
  for (const instance of instances.values()) instance.child.kill('SIGKILL');
});

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const dir = await buildBundles(process.argv[2]);
  process.stdout.write(`${dir}\n`);
}
