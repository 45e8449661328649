import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Runs a scheduled job of the route table's `JOBS` — the same handler EventBridge invokes on AWS —
 * right after start and then every `minutes`. The first run goes on in the background so the stack
 * is ready at once (a demo login meanwhile waits for the demo reset, which holds a lock). A run
 * never overlaps the previous one. Returns a stop function that waits for a run in progress, so
 * DynamoDB Local is never stopped in the middle of one.
 */
export async function scheduleJob(
  handler: string,
  minutes: number,
  onDone?: (ms: number, result: unknown) => void,
): Promise<() => Promise<void>> {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return running;
    const started = Date.now();
    running = (async () => {
      try {
        const file = pathToFileURL(join(ROOT, 'functions', 'handlers', `${handler}.ts`)).href;
        const mod = (await import(file)) as { handler: () => Promise<unknown> };
        const result = await mod.handler();
        onDone?.(Date.now() - started, result);
      } catch (error) {
        process.stderr.write(
          `${JSON.stringify({ level: 'error', message: `${handler} failed`, error: error instanceof Error ? error.message : String(error) })}\n`,
        );
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  void run();
  const timer = setInterval(run, minutes * 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
