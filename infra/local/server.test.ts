import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { request as httpRequest, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CONTROL, responseHeaders } from '../web-headers';
import { localFileOrigins, negotiateEncoding } from './respond';
import { createLocalServer, listenLocal } from './server';

/** Sends bytes as they are (no client would send them) and answers the status line and body. */
function rawRequest(base: string, bytes: string | Buffer): Promise<{ status: number; text: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(text.split(' ')[1]), text }));
    socket.write(bytes);
    // Half-close only after the server has had a moment: some refusals come before the body.
    setTimeout(() => socket.end(), 50);
  });
}

/** A request with a body of `size` bytes of which only the first chunk is sent unless asked. */
function postLarge(
  base: string,
  path: string,
  size: number,
  options: { chunked?: boolean } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, {
      method: 'POST',
      headers: options.chunked
        ? { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }
        : { 'content-type': 'application/json', 'content-length': String(size) },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

/**
 * The local server over a temporary build holding `files` (paths under `app/` and `embed/`), for
 * the suite that calls it: started before its tests, closed after them.
 */
function serveBuild(files: Record<string, string>): { base: string } {
  const served = { base: '' };
  let server: Server;
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'timeledger-static-'));
    await mkdir(join(dir, 'app'), { recursive: true });
    await mkdir(join(dir, 'embed'), { recursive: true });
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    server = createLocalServer({ app: join(dir, 'app'), embed: join(dir, 'embed') });
    const { port } = await listenLocal(server, 0, '127.0.0.1');
    served.base = `http://127.0.0.1:${port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return served;
}

const BIG_SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},label:"row ${i}"}`).join(',')}];`;

describe('the local server', () => {
  const server = serveBuild({
    'app/index.html': '<!doctype html><div id="root"></div>',
    'app/assets/main.js': 'console.log(1)',
    'app/assets/chunk-4F2A9QZB.js': BIG_SCRIPT,
    'app/robots.txt': 'User-agent: *\nDisallow: /api/\n',
    'embed/timeledger-embed.js': '/* embed */',
    'embed/timeledger-embed.js.map': '{"sources":["secret.ts"]}',
    'embed/example.html': '<!doctype html><p>host page</p>',
    'app/assets/main.js.map': '{"sources":["secret.ts"]}',
    'app/meta.json': '{"inputs":{}}',
  });

  it('dispatches /api through the route table to the real handler', async () => {
    const res = await fetch(`${server.base}/api/auth`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      errors: [{ msg: 'No token, authorization denied', code: 'NO_TOKEN' }],
    });
  });

  it('answers unknown API paths and methods in the contract’s error shape', async () => {
    const missing = await fetch(`${server.base}/api/nope`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).errors[0].code).toBe('ROUTE_NOT_FOUND');
    const wrongMethod = await fetch(`${server.base}/api/projects`, { method: 'PATCH' });
    expect(wrongMethod.status).toBe(405);
  });

  it('serves the SPA with history fallback for deep links but real files as themselves', async () => {
    const deep = await fetch(`${server.base}/projectdetails/123`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    // The stack's CloudFront Function decides: a dot in a deep link's last segment is still the app.
    const token = await fetch(`${server.base}/resetpassword/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig`);
    expect(await token.text()).toContain('<div id="root">');
    const robots = await fetch(`${server.base}/robots.txt`);
    expect(await robots.text()).toContain('Disallow: /api/');
    // A missing file is a 404, never the app's HTML.
    const missing = await fetch(`${server.base}/favicon.ico`);
    expect(missing.status).toBe(404);
    const asset = await fetch(`${server.base}/assets/main.js`);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(await asset.text()).toBe('console.log(1)');
  });

  it('serves no source map or metafile, from the app or the embed folder (audit fix 10)', async () => {
    for (const path of [
      '/meta.json',
      '/assets/main.js.map',
      '/embed/timeledger-embed.js.map',
      '/ASSETS/MAIN.JS.MAP',
    ]) {
      const res = await fetch(`${server.base}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('secret.ts');
    }
  });

  it('serves the embed example page with the app’s headers, its CSP included', async () => {
    const res = await fetch(`${server.base}/embed/example.html`);

    expect(res.status).toBe(200);
    expect(await res.text()).toContain('host page');
    const app = responseHeaders('app', undefined, localFileOrigins());
    expect(res.headers.get('content-security-policy')).toBe(app['content-security-policy']);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the embed bundle with open CORS and refuses paths outside its folder', async () => {
    const res = await fetch(`${server.base}/embed/timeledger-embed.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const outside = await fetch(`${server.base}/embed/..%2F..%2Fapp%2Findex.html`);
    expect(outside.status).toBe(404);
  });
});

describe('the local server under malformed requests', () => {
  const server = serveBuild({ 'app/index.html': '<!doctype html><div id="root"></div>' });

  const stillAnswers = async () => {
    const res = await fetch(`${server.base}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  };

  it('answers 404 to paths that are not valid percent-encoding or UTF-8, like any unknown path, and keeps serving (issue 35 item 7)', async () => {
    for (const [path, code] of [
      ['/%', 'NOT_FOUND'],
      ['/%E0%A4%A', 'NOT_FOUND'],
      ['/projects/%ZZ', 'NOT_FOUND'],
      ['/%ED%A0%80', 'NOT_FOUND'],
      ['/embed/%C0%AF', 'NOT_FOUND'],
      ['/api/%', 'ROUTE_NOT_FOUND'],
    ]) {
      const res = await rawRequest(
        server.base,
        `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      expect(res.status, path).toBe(404);
      expect(res.text, path).toContain(`"code":"${code}"`);
    }
    // A NUL is well-formed but never part of a name: still a bad request.
    const nul = await rawRequest(
      server.base,
      'GET /%00 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(nul.status).toBe(400);
    // A bad parameter of a real route is not found before any handler runs.
    const param = await fetch(`${server.base}/api/projects/%E0%A4%A`, { method: 'PUT', body: '{}' });
    expect(param.status).toBe(404);
    await stillAnswers();
  });

  it('answers 400 to requests Node cannot parse and 405 to methods a path does not take', async () => {
    expect((await rawRequest(server.base, 'GARBAGE\r\n\r\n')).status).toBe(400);
    expect((await rawRequest(server.base, 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n')).status).toBe(400);
    expect(
      (await rawRequest(server.base, 'GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).status,
    ).toBe(400);
    expect(
      (await rawRequest(server.base, 'GET //evil.example/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'))
        .status,
    ).toBe(400);
    const patch = await fetch(`${server.base}/projects`, { method: 'PATCH' });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')).toBe('GET, HEAD');
    const del = await fetch(`${server.base}/embed/timeledger-embed.js`, { method: 'DELETE' });
    expect(del.status).toBe(405);
    await stillAnswers();
  });

  it('answers 431 to headers above 16 KB', async () => {
    const res = await rawRequest(
      server.base,
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    await stillAnswers();
  });

  it('answers 413 to bodies above 10 MB, declared or streamed, without reading them whole', async () => {
    const declared = await postLarge(server.base, '/api/projects', 11 * 1024 * 1024);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).errors[0].code).toBe('PAYLOAD_TOO_LARGE');
    const streamed = await postLarge(server.base, '/api/projects', 11 * 1024 * 1024, { chunked: true });
    expect(streamed.status).toBe(413);
    await stillAnswers();
  }, 30_000);

  it('never leaves the served folders, however the path is encoded', async () => {
    // Sent raw: fetch would resolve the dots before sending.
    const get = (path: string) =>
      rawRequest(server.base, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    for (const path of [
      '/embed/..%2F..%2Fapp%2Findex.html',
      '/embed/%2e%2e/%2e%2e/etc/passwd',
      '/embed/../../etc/passwd',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
    for (const path of ['/..%2F..%2F..%2Fetc%2Fpasswd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd']) {
      expect((await get(path)).text, path).not.toContain('root:');
    }
  });
});

describe('the local server’s headers, compression and caching', () => {
  const server = serveBuild({
    'app/index.html': '<!doctype html><div id="root"></div>',
    'app/assets/chunk-4F2A9QZB.js': BIG_SCRIPT,
    'app/robots.txt': 'User-agent: *\n',
    'embed/timeledger-embed.js': BIG_SCRIPT,
  });

  /** A GET that keeps the body as sent (fetch would decompress it). */
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        httpRequest(`${server.base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
          .on('error', reject)
          .end();
      },
    );

  it('sends the one definition of security headers on the app, the API and the embed bundle', async () => {
    const surfaces = [
      ['app', '/projects'],
      ['api', '/api/auth'],
      ['embed', '/embed/timeledger-embed.js'],
    ] as const;
    for (const [surface, path] of surfaces) {
      const res = await get(path);
      for (const [name, value] of Object.entries(responseHeaders(surface, undefined, localFileOrigins()))) {
        expect(res.headers[name], `${surface} ${name}`).toBe(value);
      }
    }
    const app = await get('/');
    expect(app.headers['x-frame-options']).toBe('DENY');
    expect(app.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Other sites load the embed bundle: no frame rule, open CORS, and a preflight answered.
    const embed = await get('/embed/timeledger-embed.js');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['access-control-allow-origin']).toBe('*');
    const preflight = await fetch(`${server.base}/embed/timeledger-embed.js`, {
      method: 'OPTIONS',
      headers: { origin: 'https://host.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });

  it('tells the SPA the page-view endpoint of ANALYTICS_URL (none by default) and lets the app reach only that origin', async () => {
    const off = await get('/config.json');
    expect(JSON.parse(off.body.toString())).toEqual({ analyticsUrl: null });
    // Besides its own origin, the app reaches only the local S3 server (receipts, the export's files).
    const s3 = new URL(String(process.env.S3_ENDPOINT)).origin;
    expect((await get('/')).headers['content-security-policy']).toContain(`connect-src 'self' ${s3};`);

    process.env.ANALYTICS_URL = 'https://stats.example.org/hit';
    try {
      const on = await get('/config.json');
      expect(JSON.parse(on.body.toString())).toEqual({ analyticsUrl: 'https://stats.example.org/hit' });
      expect((await get('/')).headers['content-security-policy']).toContain(
        `connect-src 'self' https://stats.example.org ${s3};`,
      );
    } finally {
      delete process.env.ANALYTICS_URL;
    }
  });

  it('compresses with brotli or gzip as Accept-Encoding asks, and not at all when it refuses both', async () => {
    const br = await get('/assets/chunk-4F2A9QZB.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_SCRIPT);
    expect(br.body.length).toBeLessThan(BIG_SCRIPT.length / 3);

    const gz = await get('/assets/chunk-4F2A9QZB.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_SCRIPT);

    const embed = await get('/embed/timeledger-embed.js', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(embed.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/chunk-4F2A9QZB.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
    // Below CloudFront's 1,000-byte floor nothing is compressed.
    const small = await get('/robots.txt', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('picks encodings as CloudFront does: brotli first, q=0 refuses, * stands for the rest', () => {
    expect(negotiateEncoding('gzip, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip;q=1')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });

  it('serves hashed assets as immutable and pages, deep links included, as no-cache', async () => {
    expect((await get('/assets/chunk-4F2A9QZB.js')).headers['cache-control']).toBe(CACHE_CONTROL.hashedAsset);
    expect(CACHE_CONTROL.hashedAsset).toMatch(/max-age=31536000, immutable/);
    for (const path of ['/', '/projects', '/robots.txt']) {
      expect((await get(path)).headers['cache-control'], path).toBe('no-cache');
    }
    expect((await get('/embed/timeledger-embed.js')).headers['cache-control']).toBe(
      CACHE_CONTROL.embedBundle,
    );
  });
});

describe('where the local server listens', () => {
  it('binds to 127.0.0.1 when HOST is unset, and to HOST when it is set', async () => {
    const dirs = { app: tmpdir(), embed: tmpdir() };
    const previous = process.env.HOST;
    try {
      delete process.env.HOST;
      const loopback = createLocalServer(dirs);
      await listenLocal(loopback, 0);
      expect((loopback.address() as AddressInfo).address).toBe('127.0.0.1');
      loopback.close();

      process.env.HOST = '0.0.0.0';
      const everywhere = createLocalServer(dirs);
      await listenLocal(everywhere, 0);
      expect((everywhere.address() as AddressInfo).address).toBe('0.0.0.0');
      everywhere.close();
    } finally {
      if (previous === undefined) delete process.env.HOST;
      else process.env.HOST = previous;
    }
  });
});
