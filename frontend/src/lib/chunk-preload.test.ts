import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloaded, resetPreloads } from './chunk-preload';
import { nextTask } from './next-task';

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

function listChunks(deps: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'chunk-deps';
  script.textContent = JSON.stringify(deps);
  document.body.append(script);
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  resetPreloads();
});

describe('asking for a lazy module’s chunks together', () => {
  it('asks for every chunk the module needs, each once, and answers the import itself', async () => {
    listChunks({
      f: ['/assets/chunk-a.js', '/assets/chunk-b.js', '/assets/chunk-c.js'],
      d: { 'frontend/src/Page.tsx': [0, 1], 'frontend/src/Other.tsx': [1, 2] },
    });
    const load = Promise.resolve({ Page: 'page' });

    expect(await preloaded(load, 'frontend/src/Page.tsx')).toEqual({ Page: 'page' });
    await nextTask();
    expect(preloads()).toEqual(['/assets/chunk-a.js', '/assets/chunk-b.js']);

    await preloaded(Promise.resolve(1), 'frontend/src/Other.tsx');
    await preloaded(Promise.resolve(1), 'frontend/src/Page.tsx');
    await nextTask();
    expect(preloads()).toEqual(['/assets/chunk-a.js', '/assets/chunk-b.js', '/assets/chunk-c.js']);
  });

  it('inserts a module’s links into the head in one insertion, in the task after the call', async () => {
    listChunks({
      f: ['/assets/chunk-a.js', '/assets/chunk-b.js', '/assets/chunk-c.js'],
      d: { 'frontend/src/Page.tsx': [0, 1, 2] },
    });
    const append = vi.spyOn(document.head, 'append');
    const appendChild = vi.spyOn(document.head, 'appendChild');
    await preloaded(Promise.resolve(1), 'frontend/src/Page.tsx');
    // Not in the caller's task, which is busy starting the router or drawing a screen: in the next.
    expect(append).not.toHaveBeenCalled();
    await nextTask();
    expect(append).toHaveBeenCalledTimes(1);
    expect(appendChild).not.toHaveBeenCalled();
    expect(preloads()).toEqual(['/assets/chunk-a.js', '/assets/chunk-b.js', '/assets/chunk-c.js']);
    // Nothing new to ask for: no insertion at all.
    await preloaded(Promise.resolve(1), 'frontend/src/Page.tsx');
    await nextTask();
    expect(append).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing more for a module it has no list for, or on a page without the list', async () => {
    listChunks({ f: ['/assets/chunk-a.js'], d: { 'frontend/src/Page.tsx': [0] } });
    await preloaded(Promise.resolve(1), 'frontend/src/Unknown.tsx');
    await nextTask();
    expect(preloads()).toEqual([]);

    document.body.innerHTML = '';
    resetPreloads();
    expect(await preloaded(Promise.resolve('loaded'), 'frontend/src/Page.tsx')).toBe('loaded');
    await nextTask();
    expect(preloads()).toEqual([]);
  });

  it('survives a list that is not JSON', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'chunk-deps';
    script.textContent = '{not json';
    document.body.append(script);
    expect(await preloaded(Promise.resolve('loaded'), 'frontend/src/Page.tsx')).toBe('loaded');
    await nextTask();
    expect(preloads()).toEqual([]);
  });
});
