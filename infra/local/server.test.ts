import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from './server';

describe('the local server', () => {
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'timeledger-static-'));
    await mkdir(join(dir, 'app/assets'), { recursive: true });
    await mkdir(join(dir, 'embed'), { recursive: true });
    await writeFile(join(dir, 'app/index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(dir, 'app/assets/main.js'), 'console.log(1)');
    await writeFile(join(dir, 'embed/timeledger-embed.js'), '/* embed */');
    const server = createLocalServer({ app: join(dir, 'app'), embed: join(dir, 'embed') });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  it('dispatches /api through the route table to the real handler', async () => {
    const res = await fetch(`${base}/api/auth`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      errors: [{ msg: 'No token, authorization denied', code: 'NO_TOKEN' }],
    });
  });

  it('answers unknown API paths and methods in the contract’s error shape', async () => {
    const missing = await fetch(`${base}/api/nope`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).errors[0].code).toBe('ROUTE_NOT_FOUND');
    const wrongMethod = await fetch(`${base}/api/projects`, { method: 'PATCH' });
    expect(wrongMethod.status).toBe(405);
  });

  it('serves the SPA with history fallback for deep links but real files as themselves', async () => {
    const deep = await fetch(`${base}/projectdetails/123`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    const asset = await fetch(`${base}/assets/main.js`);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(await asset.text()).toBe('console.log(1)');
  });

  it('serves the embed bundle with open CORS and refuses paths outside its folder', async () => {
    const res = await fetch(`${base}/embed/timeledger-embed.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const outside = await fetch(`${base}/embed/..%2F..%2Fapp%2Findex.html`);
    expect(outside.status).toBe(404);
  });
});
