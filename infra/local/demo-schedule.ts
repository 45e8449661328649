const HOUR = 60 * 60 * 1000;

/**
 * Runs the demo reset — the same handler EventBridge invokes hourly on AWS — right after start
 * and then every hour. The first run goes on in the background so the stack is ready at once; a
 * demo login meanwhile waits for it (the reset holds a lock). Returns a stop function that waits
 * for a run in progress, so DynamoDB Local is never stopped in the middle of one.
 */
export async function scheduleDemoReset(onDone?: (ms: number) => void): Promise<() => Promise<void>> {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return running;
    const started = Date.now();
    running = (async () => {
      try {
        const mod = (await import('../../functions/handlers/reset-demo')) as {
          handler: () => Promise<unknown>;
        };
        await mod.handler();
        onDone?.(Date.now() - started);
      } catch (error) {
        process.stderr.write(
          `${JSON.stringify({ level: 'error', message: 'demo reset failed', error: error instanceof Error ? error.message : String(error) })}\n`,
        );
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  void run();
  const timer = setInterval(run, HOUR);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
