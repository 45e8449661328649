import { randomUUID } from 'node:crypto';
import { loadHandler } from './lambda-events';

/** The event EventBridge sends for a scheduled rule. */
const scheduledEvent = (handler: string) => ({
  version: '0',
  id: randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '000000000000',
  time: new Date().toISOString(),
  region: process.env.AWS_REGION || 'us-east-1',
  resources: [`arn:aws:events:local:000000000000:rule/${handler}`],
  detail: {},
});

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
        // Through loadHandler, so `npm start -- --bundles` runs the job's bundle too.
        const job = (await loadHandler(handler)) as unknown as (event: unknown) => Promise<unknown>;
        const result = await job(scheduledEvent(handler));
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
