const HOUR = 60 * 60 * 1000;

/**
 * Runs the demo reset — the same handler EventBridge invokes hourly on AWS — once at start and
 * then every hour. Returns a stop function.
 */
export async function scheduleDemoReset(): Promise<() => Promise<void>> {
  const run = async () => {
    try {
      const mod = (await import('../../functions/handlers/reset-demo')) as {
        handler: () => Promise<unknown>;
      };
      await mod.handler();
    } catch (error) {
      process.stderr.write(
        `${JSON.stringify({ level: 'error', message: 'demo reset failed', error: error instanceof Error ? error.message : String(error) })}\n`,
      );
    }
  };
  await run();
  const timer = setInterval(run, HOUR);
  timer.unref();
  return async () => clearInterval(timer);
}
