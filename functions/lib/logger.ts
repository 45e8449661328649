import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A small structured logger: one JSON line per event, at the edge only. Secrets never reach it —
 * callers log ids, routes and codes, never bodies, tokens or passwords.
 *
 * Every line of an invocation carries its context (`withLogContext`): the request id, the
 * function's name, whether this was the instance's cold start, and the user once the session is
 * known. The context lives in an AsyncLocalStorage, so the local server, which runs many requests
 * in one process at once, keeps each request's lines apart as Lambda does. It stays a few hundred
 * bytes; Powertools' Logger does the same in about 30 KB minified (bench/README.md, "Logs").
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const threshold = order[(process.env.LOG_LEVEL as Level) || 'info'] ?? order.info;
const silent = process.env.LOG_LEVEL === 'silent';

/** What every line of one invocation says about it. */
export interface LogContext {
  requestId?: string;
  functionName?: string;
  coldStart?: boolean;
  userId?: string;
}

const context = new AsyncLocalStorage<LogContext>();
let coldStart = true;

/**
 * Runs one invocation with its log context; the first invocation of an instance is its cold start.
 * `functionName` falls back to the Lambda runtime's variable.
 */
export function withLogContext<T>(fields: Omit<LogContext, 'coldStart'>, run: () => T): T {
  const store: LogContext = {
    ...fields,
    functionName: fields.functionName || process.env.AWS_LAMBDA_FUNCTION_NAME,
    coldStart,
  };
  coldStart = false;
  return context.run(store, run);
}

/** Adds to the current invocation's context (the user, once the session check has found them). */
export function addLogContext(fields: Partial<LogContext>): void {
  const store = context.getStore();
  if (store) Object.assign(store, fields);
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (silent || order[level] < threshold) return;
  const line = JSON.stringify({
    level,
    time: new Date().toISOString(),
    message,
    ...context.getStore(),
    ...fields,
  });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

/** What a Lambda context tells about the invocation (the stream consumers and jobs get one too). */
interface InvocationContext {
  awsRequestId?: string;
  functionName?: string;
}

/** A stream consumer or job handler whose log lines carry its invocation's context. */
export const logged =
  <E, R>(fn: (event: E) => Promise<R>) =>
  (event?: E, invocation?: InvocationContext): Promise<R> =>
    withLogContext({ requestId: invocation?.awsRequestId, functionName: invocation?.functionName }, () =>
      fn(event as E),
    );
