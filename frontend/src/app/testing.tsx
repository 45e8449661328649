/**
 * Helpers for component tests: the whole app in a memory router with a fresh SWR cache, and a
 * `fetch` stand-in answering by "METHOD /path". Tests only — never imported by the app.
 */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import type { User } from '../lib/auth';
import { AppProviders } from './App';
import { appRoutes } from './router';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

export type FakeHandler = (body: unknown, url: URL) => FakeResponse | Promise<FakeResponse>;

export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** A request body as sent: JSON parsed, anything else (a CSV upload) as its text. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Stubs global `fetch`. Keys are "METHOD /path" (no query); unknown requests answer 404 in the
 * contract's error shape so a missing stub shows up as a visible failure.
 */
export function stubApi(handlers: Record<string, FakeHandler | FakeResponse>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? parseBody(init.body) : undefined;
    calls.push({
      method,
      path: url.pathname,
      body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const handler = handlers[`${method} ${url.pathname}`];
    const res: FakeResponse =
      handler === undefined
        ? { status: 404, body: { errors: [{ msg: 'Not found', code: 'NOT_FOUND' }] } }
        : typeof handler === 'function'
          ? await handler(body, url)
          : handler;
    const status = res.status ?? 200;
    // No body at all (not even ''): a 204 with a body is an error in `Response`.
    return new Response(res.body === undefined ? null : JSON.stringify(res.body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A public user as GET /api/auth answers it. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    premium: false,
    currency: 'EUR',
    numberFormat: 'en-US',
    weekStart: 'monday',
    vatBasis: 'cash',
    minimumEntrySeconds: 0,
    enableEmbedding: false,
    showPoweredBy: true,
    hasSeenTutorial: false,
    emailConfirmed: true,
    budgetAlerts: true,
    twoFactor: false,
    language: null,
    rounding: { mode: 'none', minutes: 15 },
    isDemo: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    pendingEmail: null,
    mailHeldUntil: null,
    limits: { projects: 3, items: 125 },
    ...overrides,
  };
}

/** Renders the whole app at `path` with a fresh SWR cache. */
export function renderApp(path: string) {
  // jsdom has no scrolling; the router's scroll restoration would only log noise.
  window.scrollTo = () => {};
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const utils = render(
    <AppProviders swr={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router };
}
