import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { trackPageViews } from './page-views';
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
