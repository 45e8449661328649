import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setToken } from './api';
import { client } from './api-client';

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
