import useSWR, { useSWRConfig } from 'swr';
import { fetcher } from '@/lib/api-client';
import type { ProjectRef } from '../components/types';

/**
 * Loads an entry by id from the projects' lists (there is no GET by id): the cached list of each
 * project first (the user usually comes from its details page), then the lists fetched in parallel,
 * which also fills the cache for the way back.
 */
export function useActivityFromLists<T extends { _id: string }>(
  listKey: (projectId: string) => string,
  id: string,
  projects: ProjectRef[] | undefined,
) {
  const { cache, mutate } = useSWRConfig();
  return useSWR<T | null>(
    projects ? [listKey(''), id, projects.map((p) => p._id).join(',')] : null,
    async () => {
      const list = projects ?? [];
      for (const p of list) {
        const cached = cache.get(listKey(p._id))?.data as T[] | undefined;
        const hit = cached?.find((a) => a._id === id);
        if (hit) return hit;
        // The details page's lists cache their pages under `<list>?limit=…&cursor=…`.
        for (const key of cache.keys()) {
          if (!key.startsWith(`${listKey(p._id)}?`)) continue;
          const page = cache.get(key)?.data as { items?: T[] } | undefined;
          const found = page?.items?.find((a) => a._id === id);
          if (found) return found;
        }
      }
      const lists = await Promise.all(
        list.map(async (p) => {
          const rows = await fetcher<T[]>(listKey(p._id));
          void mutate(listKey(p._id), rows, { revalidate: false });
          return rows;
        }),
      );
      return lists.flat().find((a) => a._id === id) ?? null;
    },
    { revalidateOnFocus: false },
  );
}
