import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer, HEADERS_TIMEOUT_MS, listenLocal, REQUEST_TIMEOUT_MS } from './server';

/**
 * Opens a socket, sends `bytes` and then nothing: answers what the server sent back, whether it
 * closed the socket, and after how long — or `closed: false` when `waitMs` passed first.
 */
function stall(port: number, bytes: string, waitMs: number) {
  return new Promise<{ closed: boolean; ms: number; text: string }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ closed: false, ms: Date.now() - started, text });
    }, waitMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ closed: true, ms: Date.now() - started, text });
    });
    socket.write(bytes);
  });
}

describe('the local server and slow clients (issue 35 item 7)', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    // Short times, so the test waits seconds, not CloudFront's; the defaults are checked below.
    server = createLocalServer(
      { app: '/nonexistent', embed: '/nonexistent' },
      { headersMs: 1_500, requestMs: 3_000 },
    );
    port = (await listenLocal(server, 0, '127.0.0.1')).port;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  it('closes a socket that sends half a header and stalls, with 408', async () => {
    const res = await stall(port, 'GET /api/auth HTTP/1.1\r\nHost: localhost\r\nX-Slow: a', 12_000);
    expect(res.closed).toBe(true);
    expect(res.ms).toBeLessThan(6_000);
    expect(res.text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a socket whose body stalls halfway, with 408', async () => {
    const head =
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const res = await stall(port, `${head}{"name":"Half a`, 12_000);
    expect(res.closed).toBe(true);
    expect(res.ms).toBeLessThan(8_000);
    expect(res.text).toContain('HTTP/1.1 408 Request Timeout');
  });

  it('keeps CloudFront-like times by default: headers within 10 s, the whole request within 30 s', () => {
    const defaults = createLocalServer({ app: '/nonexistent', embed: '/nonexistent' });
    expect(defaults.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(defaults.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
  });
});
