import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchRoute } from '../functions/routes-match';
import { toApiGatewayEvent } from '../infra/local/lambda-events';

/** What an operator reads: an API function's log line carries the invocation's Lambda context. */
describe('the logs of an API function', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('logs an API request refused with the Lambda context the route was invoked with', async () => {
    vi.resetModules();
    vi.stubEnv('LOG_LEVEL', 'info');
    const lines: Record<string, unknown>[] = [];
    const capture = (chunk: unknown) => {
      lines.push(JSON.parse(String(chunk)));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    const { handler } = await import('../functions/handlers/login');
    const match = matchRoute('POST', '/api/auth');
    if (!match || 'methodNotAllowed' in match) throw new Error('no login route');
    const event = toApiGatewayEvent(
      {
        method: 'POST',
        url: '/api/auth',
        headers: { host: 'localhost', 'content-type': 'application/json' },
        sourceIp: '127.0.0.1',
      },
      match.route,
      {},
      Buffer.from('{"email": 5}'),
    );
    const answer = await handler(event, { awsRequestId: 'aws-req-9', functionName: 'login' } as never);
    expect(answer.statusCode).toBe(400);
    expect(lines.find((l) => l.message === 'request refused')).toMatchObject({
      requestId: 'aws-req-9',
      functionName: 'login',
      status: 400,
    });
  });
});
