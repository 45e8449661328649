import { describe, expect, it } from 'vitest';
import { type ApiAddresses, ApiError, addressesOf, createApiClient } from '../contract/client';
import { ENDPOINTS } from '../contract/endpoints';
import { signUp } from './accounts/helpers';
import { call } from './api';

/**
 * The typed client (`contract/client.ts`) against the real handlers: its `fetch` hands each request
 * to the API the way API Gateway would (`test/api.ts`), so what it sends and how it reads the
 * answers is checked against the server itself, not a mock.
 */
const throughHandlers: typeof fetch = async (input, init = {}) => {
  const url = new URL(String(input), 'http://localhost');
  const headers = init.headers as Record<string, string>;
  const res = await call(init.method ?? 'GET', url.pathname, {
    query: Object.fromEntries(url.searchParams),
    ...(headers['x-auth-token'] ? { token: headers['x-auth-token'] } : {}),
    ...(init.body !== undefined ? { rawBody: String(init.body) } : {}),
    headers: headers['content-type'] ? { 'content-type': headers['content-type'] } : {},
  });
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  return new Response(res.status === 204 ? null : text, { status: res.status, headers: res.headers });
};

const addresses = addressesOf(ENDPOINTS) as ApiAddresses;

async function signedInClient() {
  const { token } = await signUp();
  return createApiClient(addresses, { token: () => token, fetch: throughHandlers });
}

describe('the typed API client', () => {
  it('calls endpoints by name with typed path and body, and reads their answers', async () => {
    const client = await signedInClient();
    const created = await client.call('createProject', { body: { name: 'Website', hourlyRate: 80 } });
    expect(created).toMatchObject({ name: 'Website', hourlyRate: 80 });
    const renamed = await client.call('updateProject', { path: { id: created._id }, body: { name: 'Shop' } });
    expect(renamed.name).toBe('Shop');
    expect((await client.call('listProjects')).map((p) => p.name)).toEqual(['Shop']);
    await client.call('deleteProject', { path: { id: created._id } });
    expect(await client.call('listProjects')).toEqual([]);
  });

  it('keeps the contract’s error shape: an id that cannot exist is the same 404 as an unknown one', async () => {
    const client = await signedInClient();
    for (const id of ['x'.repeat(2100), '01J00000000000000000000000']) {
      const error = await client.call('deleteProject', { path: { id } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 404, code: 'PROJECT_NOT_FOUND', message: 'Project not found' });
      expect((error as ApiError).errors).toEqual([{ msg: 'Project not found', code: 'PROJECT_NOT_FOUND' }]);
    }
    const bad = await client.call('createProject', { body: { name: '' } }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, code: 'FIELD_REQUIRED', errors: [{ param: 'name' }] });
  });

  it('pages a list by its x-next-cursor and sends a CSV body as text/csv', async () => {
    const client = await signedInClient();
    const project = await client.call('createProject', { body: { name: 'Paged' } });
    for (const duration of [60_000, 120_000]) {
      await client.call('createTimeActivity', { body: { projectId: project._id, duration } });
    }
    const first = await client.page('listTimeActivities', {
      path: { projectId: project._id },
      query: { limit: 1 },
    });
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const query = { limit: 1, cursor: first.nextCursor };
    const second = await client.page('listTimeActivities', { path: { projectId: project._id }, query });
    expect(second.items).toHaveLength(1);
    expect(second.items[0]?._id).not.toBe(first.items[0]?._id);
    const csv = 'Project,Date,Start,End,Duration,Task,Sub-task,Notes\n';
    const report = await client.call('importActivities', {
      path: { source: 'timeledger-time' },
      query: { dryrun: 'true' },
      body: csv,
    });
    expect(report).toMatchObject({ rows: 0, errors: [] });
  });

  it('types each call from its endpoint (`npm run typecheck` checks these)', () => {
    const client = createApiClient(addresses, { fetch: throughHandlers });
    // @ts-expect-error a create needs its body
    expect(() => client.url('createProject')).not.toThrow();
    // @ts-expect-error an update needs the id of its path
    expect(() => client.url('updateProject', { body: {} })).toThrow(/no value for \{id\}/);
    // @ts-expect-error the projects list takes no query
    expect(client.url('listProjects', { query: { limit: 1 } })).toBe('/api/projects?limit=1');
  });

  it('builds URLs from the same addresses the server routes', () => {
    const client = createApiClient(addresses, { baseUrl: 'https://app.example' });
    expect(
      client.url('getEmbeddedChart', {
        path: { userId: 'u 1', projectId: 'p1', chartType: 'timetracked', chartKind: 'line' },
        query: { startdate: '2026-01-01' },
      }),
    ).toBe('https://app.example/api/embed/u%201/p1/timetracked/line?startdate=2026-01-01');
    for (const [name, address] of Object.entries(addresses)) {
      expect(address, name).toBe(
        `${ENDPOINTS[name as keyof typeof ENDPOINTS].method} ${ENDPOINTS[name as keyof typeof ENDPOINTS].path}`,
      );
    }
  });
});
