import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackPageViews } from './page-view-tracking';
import { startPageViews } from './page-views';
import type { AppRouter } from './router';

const Page = ({ name }: { name: string }) => <h1>{name}</h1>;

function routerAt(path: string) {
  return createMemoryRouter(
    [
      { index: true, element: <Page name="start" /> },
      { path: 'projectdetails/:projectid', element: <Page name="details" /> },
      { path: 'resetpassword/:token', element: <Page name="reset" /> },
      { path: '*', element: <Page name="nothing" /> },
    ],
    { initialEntries: [path] },
  ) as unknown as AppRouter;
}

describe('page views', () => {
  it('sends one cookie-less call per route change with the path and no id, token or typed address', async () => {
    const send = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    const router = routerAt('/projectdetails/01JABCDEF');
    render(<RouterProvider router={router} />);
    trackPageViews(router, 'https://stats.example.org/hit', send);

    await act(() => router.navigate('/resetpassword/secret-token'));
    await act(() => router.navigate('/resetpassword/secret-token'));
    await act(() => router.navigate('/ada@example.com'));
    expect(screen.getByRole('heading')).toHaveTextContent('nothing');

    const bodies = send.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)));
    expect(bodies).toEqual([
      { path: '/projectdetails/:projectid' },
      { path: '/resetpassword/:token' },
      { path: '/resetpassword/:token' },
      { path: '/*' },
    ]);
    for (const [url, init] of send.mock.calls as unknown as [string, RequestInit][]) {
      expect(url).toBe('https://stats.example.org/hit');
      expect(init).toMatchObject({
        method: 'POST',
        keepalive: true,
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      });
      expect(JSON.stringify(init)).not.toMatch(/01JABCDEF|secret-token|ada@example/);
    }
  });

  it('counts nothing more after it is stopped', async () => {
    const send = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    const router = routerAt('/');
    render(<RouterProvider router={router} />);
    const stop = trackPageViews(router, 'https://stats.example.org/hit', send);
    stop();

    await act(() => router.navigate('/projectdetails/p1'));

    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('page views as the app starts them', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A fetch that answers `/config.json` with `config` and records every other call. */
  function stubFetch(config: Record<string, unknown> | null) {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) => {
        calls.push(String(url));
        if (String(url) !== '/config.json') return new Response(null, { status: 204 });
        return config ? Response.json(config) : new Response('not found', { status: 404 });
      }),
    );
    return calls;
  }

  it('are counted once the operator configured an endpoint', async () => {
    const calls = stubFetch({ analyticsUrl: 'https://stats.example.org/hit' });
    const router = routerAt('/projectdetails/01JABCDEF');
    render(<RouterProvider router={router} />);
    await startPageViews(router);

    expect(calls).toEqual(['/config.json', 'https://stats.example.org/hit']);
  });

  it('are not counted when counting is off or there is no configuration', async () => {
    for (const config of [{ analyticsUrl: null }, {}, null]) {
      const calls = stubFetch(config);
      const router = routerAt('/');
      await startPageViews(router);
      await act(() => router.navigate('/projectdetails/p1'));
      expect(calls, JSON.stringify(config)).toEqual(['/config.json']);
    }
  });
});
