import type { ScopedMutator } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from './api-client';

/**
 * The list of what each write makes stale is a chunk of its own (`stale-reads.ts`), loaded at the
 * first write. Here its arrival is held back, or fails, as a slow or lost network would.
 */
const chunk = vi.hoisted(() => ({
  /** Lets the chunk arrive; set while it is on its way. */
  arrive: undefined as (() => void) | undefined,
  /** How many loads of the chunk fail before one succeeds. */
  failures: 0,
  loads: 0,
}));

const TOKENS = client.url('listApiTokens');
const PROJECTS = client.url('listProjects');
const CHART = client.url('getTimePerProjectChart', { query: { startdate: '2026-01-01' } });
const CACHE = [TOKENS, PROJECTS, CHART, `$inf$${client.url('listTimesheet')}`];

/** A stand-in for SWR's `mutate`: records which cached keys each call asked for again. */
function recordingMutate() {
  const asked: string[][] = [];
  const mutate = vi.fn(async (filter: (key: unknown) => boolean) => {
    asked.push(CACHE.filter((key) => filter(key)));
    return [];
  });
  return { mutate: mutate as unknown as ScopedMutator, asked };
}

/** The app's `api-keys.ts` as a fresh page loads it: no list of stale reads yet. */
async function freshApiKeys() {
  vi.resetModules();
  vi.doMock('./stale-reads', async (importOriginal) => {
    chunk.loads += 1;
    if (chunk.failures > 0) {
      chunk.failures -= 1;
      throw new TypeError('Failed to fetch dynamically imported module');
    }
    await new Promise<void>((resolve) => {
      chunk.arrive = resolve;
    });
    return importOriginal();
  });
  return import('./api-keys');
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  chunk.arrive = undefined;
  chunk.failures = 0;
  chunk.loads = 0;
});

afterEach(() => {
  vi.doUnmock('./stale-reads');
});

describe('what each write makes stale, loaded at the first write', () => {
  it('a write that succeeds before the list arrives asks again for what it made stale once it has', async () => {
    const { revalidateAfter } = await freshApiKeys();
    const { mutate, asked } = recordingMutate();

    const first = revalidateAfter(mutate, 'createApiToken');
    const second = revalidateAfter(mutate, 'updateProject');
    await tick();
    expect(asked).toEqual([]);
    expect(chunk.arrive).toBeDefined();

    chunk.arrive?.();
    await Promise.all([first, second]);
    expect(asked).toEqual([[TOKENS], [PROJECTS, CHART]]);
    expect(chunk.loads).toBe(1);
  });

  it('is asked for once: later writes use the list already here', async () => {
    const { revalidateAfter } = await freshApiKeys();
    const { mutate, asked } = recordingMutate();
    const first = revalidateAfter(mutate, 'deleteApiToken');
    await tick();
    chunk.arrive?.();
    await first;

    await revalidateAfter(mutate, 'createProject');
    expect(asked).toEqual([[TOKENS], [PROJECTS]]);
    expect(chunk.loads).toBe(1);
  });

  it('should the list not arrive, every cached answer is asked for again, and the next write tries again', async () => {
    chunk.failures = 1;
    const { revalidateAfter } = await freshApiKeys();
    const { mutate, asked } = recordingMutate();

    await expect(revalidateAfter(mutate, 'createApiToken')).resolves.toBeDefined();
    expect(asked).toEqual([CACHE]);

    const next = revalidateAfter(mutate, 'createApiToken');
    await tick();
    chunk.arrive?.();
    await next;
    expect(asked).toEqual([CACHE, [TOKENS]]);
    expect(chunk.loads).toBe(2);
  });

  it('is not asked for before a write: the first screen goes without it', async () => {
    const { isKeyOf } = await freshApiKeys();
    expect(isKeyOf(TOKENS, 'listApiTokens')).toBe(true);
    await tick();
    expect(chunk.loads).toBe(0);
  });
});
