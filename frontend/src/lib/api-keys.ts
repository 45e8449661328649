import type { ApiInvalidations } from '@contract/client';
import type { ReadName, WriteName } from '@contract/endpoints';
import type { ScopedMutator } from 'swr';
import { client } from './api-client';

/**
 * What the app keeps in its cache (SWR keys, the URLs `client.url` makes) and which answers a
 * write makes stale: the reads its endpoint names in the contract (`invalidates` in
 * `contract/endpoints/`, defined by the build as `__API_INVALIDATES__`), kept by hand nowhere in
 * the app. The paths themselves are the contract's too. That list is a chunk of its own
 * (`stale-reads.ts`), loaded at the first write: the first screen goes without it.
 */
let staleReads: ApiInvalidations | undefined;
let loading: Promise<ApiInvalidations> | undefined;

/** Loads the list of what each write makes stale, once (again after a failure: the network may be back). */
export function loadStaleReads(): Promise<ApiInvalidations> {
  loading ??= import(/* one module: nothing to preload (infra/chunk-preload.ts) */ './stale-reads').then(
    (m) => {
      staleReads = m.STALE_READS;
      return staleReads;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Paged lists are cached under SWR's `$inf$` key of their first page's key. */
const INFINITE_PREFIX = '$inf$';

/** The URL of a cache key, without the paged-list prefix; `undefined` if it is none. */
function keyUrl(key: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  return key.startsWith(INFINITE_PREFIX) ? key.slice(INFINITE_PREFIX.length) : key;
}

/** Whether a cache key holds an answer of the read `name` (any parameters, any query, any page). */
export function isKeyOf(key: unknown, name: ReadName): boolean {
  const url = keyUrl(key);
  return url !== undefined && client.paramsOf(name, url) !== undefined;
}

/** The reads the contract says `write` makes stale (once {@link loadStaleReads} has answered). */
export function invalidatedBy(write: WriteName): readonly ReadName[] {
  if (!staleReads) throw new Error('The list of what each write makes stale is not loaded yet');
  return staleReads[write] ?? [];
}

/** What the app knows of a write beyond its endpoint, to ask again for no more than is stale. */
export interface StaleScope {
  /**
   * The path parameters the write touched: a read with such a parameter is stale only for these
   * values (`{ projectId: [a, b] }`: the entry lists of the projects an edit moved an entry between).
   */
  only?: Readonly<Record<string, readonly string[]>>;
  /** Reads whose new answer the write's own answer has already put in the cache. */
  fresh?: readonly ReadName[];
}

/** Whether a cached answer is stale once `write` has succeeded. */
export function isStaleAfter(write: WriteName, key: unknown, scope: StaleScope = {}): boolean {
  const url = keyUrl(key);
  if (url === undefined) return false;
  return invalidatedBy(write).some((read) => {
    if (scope.fresh?.includes(read)) return false;
    const params = client.paramsOf(read, url);
    if (!params) return false;
    return Object.entries(params).every(([name, value]) => scope.only?.[name]?.includes(value) ?? true);
  });
}

/**
 * Asks again for every cached answer `write` made stale (the SWR cache `mutate` belongs to), once
 * the list of what it made stale is here: a write that succeeds before that chunk arrives waits for
 * it. Should the chunk not arrive, every cached answer is asked for again: the write has succeeded,
 * and no screen may show what it made stale (nor an error that would invite the same write again).
 */
export async function revalidateAfter(mutate: ScopedMutator, write: WriteName, scope: StaleScope = {}) {
  try {
    await loadStaleReads();
  } catch {
    return mutate(() => true);
  }
  return mutate((key) => isStaleAfter(write, key, scope));
}
