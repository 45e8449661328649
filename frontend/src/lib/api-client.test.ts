import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setToken } from './api';
import { client, fetcher, pageFetcher } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the app's API client", () => {
  it('sends the stored token as x-auth-token and parses JSON', async () => {
    setToken('abc');
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(client.call('createProject', { body: { name: 'A' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/projects');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['x-auth-token']).toBe('abc');
    expect(init.body).toBe('{"name":"A"}');
  });

  it('turns the contract error body into an ApiError carrying the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"errors":[{"msg":"Invalid Credentials","code":"INVALID_CREDENTIALS"}]}', {
            status: 400,
          }),
      ),
    );
    const error = await client
      .call('login', { body: { email: 'a@example.org', password: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Invalid Credentials');
    expect((error as ApiError).status).toBe(400);
  });

  it('turns a non-JSON error page into an ApiError with the status, not a parser error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    const error = await client.call('listProjects').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).message).toBe('Bad Gateway');
  });
});

describe('the SWR fetchers', () => {
  it('start their request in a task of their own, not in the one that asks (a screen being committed), and answer it', async () => {
    const fetchMock = vi.fn(async () => new Response('[{"_id":"p1"}]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const url = client.url('listProjects');
    const answers = [fetcher(url), pageFetcher(url)];
    // Not in this task, nor in its microtasks.
    await Promise.resolve();
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    const [list] = await Promise.all(answers);
    expect(list).toEqual([{ _id: 'p1' }]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('start it even while a test holds the clock (the task is a message, not a timer)', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('[]', { status: 200 })),
      );
      await expect(fetcher(client.url('listProjects'))).resolves.toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
