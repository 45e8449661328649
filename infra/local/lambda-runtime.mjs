/**
 * One Lambda function instance for the local stack's bundle mode (`infra/local/bundles.ts`): plain
 * Node with no loader, as on Lambda, importing the built `index.mjs` and answering invocations
 * that arrive over IPC. An import that fails is the function's init error, answered to every
 * invocation, as Lambda does.
 */
import { pathToFileURL } from 'node:url';

const bundle = process.argv[2];

/** @param {unknown} error */
function serialize(error) {
  return error instanceof Error
    ? { errorType: error.name, errorMessage: error.message, stack: error.stack }
    : { errorType: 'Error', errorMessage: String(error) };
}

/** The import, begun at once; invocations that arrive meanwhile wait for it, as Lambda's do for init. */
const init = import(pathToFileURL(bundle).href)
  .then((mod) => {
    if (typeof mod.handler !== 'function') throw new Error('index.handler is undefined or not exported');
    return { handler: mod.handler, error: undefined };
  })
  .catch((error) => ({
    handler: undefined,
    error: { ...serialize(error), errorType: `Runtime.ImportModuleError: ${serialize(error).errorType}` },
  }));

// Listening before the import settles: a message that arrived with no listener would be lost.
process.on('message', async (message) => {
  const { id, event, context } = message;
  const loaded = await init;
  if (loaded.error) return process.send({ id, error: loaded.error });
  // The function's timeout runs from here: on Lambda, init is not part of it.
  process.send({ id, started: true });
  const deadline = Date.now() + context.timeoutMs;
  const lambdaContext = {
    ...context,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done() {},
    fail() {},
    succeed() {},
  };
  try {
    process.send({ id, result: await loaded.handler(event, lambdaContext) });
  } catch (error) {
    process.send({ id, error: serialize(error) });
  }
});
// The local stack (or test) that started this instance is gone: so is the instance.
process.on('disconnect', () => process.exit(0));
