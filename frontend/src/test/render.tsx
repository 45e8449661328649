import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { ToastProvider } from '../components';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status?: number; body?: unknown } | ((call: FakeCall) => { status?: number; body?: unknown });

/**
 * Stubs `fetch` with answers per "METHOD /path" (the path without query) and records every call;
 * an unknown call answers 404 in the contract's error shape.
 */
export function fakeApi(replies: Record<string, Reply>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const reply = replies[`${method} ${path.split('?')[0]}`];
    const r = typeof reply === 'function' ? reply(call) : reply;
    if (!r)
      return new Response(JSON.stringify({ errors: [{ msg: 'Not found', code: 'NOT_FOUND' }] }), {
        status: 404,
      });
    return new Response(r.body === undefined ? '' : JSON.stringify(r.body), { status: r.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, writes: () => calls.filter((c) => c.method !== 'GET') };
}

/** Renders a screen with what the app gives it: a router, a fresh SWR cache and toasts. */
export function renderScreen(
  ui: ReactElement,
  { path = '/', route = '/' }: { path?: string; route?: string } = {},
) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}
