import type { ApiInvalidations } from '@contract/client';
import type { ReadName, WriteName } from '@contract/endpoints';
import type { ScopedMutator } from 'swr';
import { client } from './api-client';

/**
 * What the app keeps in its cache (SWR keys, the URLs `client.url` makes) and which answers a
 * write makes stale: the reads its endpoint names in the contract (`invalidates` in
 * `contract/endpoints/`, defined by the build as `__API_INVALIDATES__`), kept by hand nowhere in
 * the app. The paths themselves are the contract's too.
 */
declare const __API_INVALIDATES__: ApiInvalidations;

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

/** The reads the contract says `write` makes stale. */
export const invalidatedBy = (write: WriteName): readonly ReadName[] => __API_INVALIDATES__[write] ?? [];

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

/** Asks again for every cached answer `write` made stale (the SWR cache `mutate` belongs to). */
export function revalidateAfter(mutate: ScopedMutator, write: WriteName, scope: StaleScope = {}) {
  return mutate((key) => isStaleAfter(write, key, scope));
}
