import { afterEach, describe, expect, it, vi } from 'vitest';

/** The logger as a function's module loads it, with `LOG_LEVEL` (silent in the tests) set to info. */
async function loadLogger() {
  vi.resetModules();
  vi.stubEnv('LOG_LEVEL', 'info');
  const lines: Record<string, unknown>[] = [];
  const capture = (chunk: unknown) => {
    lines.push(JSON.parse(String(chunk)));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  return { ...(await import('./logger')), lines };
}

describe('the structured logger', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('puts the request id, the function, the cold start and the user on every line of an invocation', async () => {
    const { logger, withLogContext, addLogContext, lines } = await loadLogger();
    await withLogContext({ requestId: 'req-1', functionName: 'create-project' }, async () => {
      logger.info('first');
      await new Promise((r) => setTimeout(r, 1));
      addLogContext({ userId: 'u-1' });
      logger.error('second', { code: 'X' });
    });
    withLogContext({ requestId: 'req-2', functionName: 'create-project' }, () => logger.info('warm'));
    logger.info('outside');

    expect(lines).toMatchObject([
      {
        level: 'info',
        message: 'first',
        requestId: 'req-1',
        functionName: 'create-project',
        coldStart: true,
      },
      { level: 'error', message: 'second', requestId: 'req-1', userId: 'u-1', coldStart: true, code: 'X' },
      { message: 'warm', requestId: 'req-2', coldStart: false },
      { message: 'outside' },
    ]);
    expect(lines[2]).not.toHaveProperty('userId');
    expect(lines[3]).not.toHaveProperty('requestId');
  });

  it('keeps the lines of requests answered at once in one process apart (the local server)', async () => {
    const { logger, withLogContext, addLogContext, lines } = await loadLogger();
    const request = (id: string, waitMs: number) =>
      withLogContext({ requestId: id }, async () => {
        addLogContext({ userId: `user-${id}` });
        await new Promise((r) => setTimeout(r, waitMs));
        logger.info('done');
      });
    await Promise.all([request('a', 20), request('b', 1), request('c', 10)]);
    // Each finished while the others were waiting; each line still names its own request's user.
    expect(lines.map((l) => [l.requestId, l.userId]).sort()).toEqual([
      ['a', 'user-a'],
      ['b', 'user-b'],
      ['c', 'user-c'],
    ]);
  });
});
