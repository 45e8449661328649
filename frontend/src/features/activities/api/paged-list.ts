import useSWRInfinite from 'swr/infinite';
import type { ListPage } from '@/lib/api';
import { client, pageFetcher } from '@/lib/api-client';

/** A project's lists that come in pages. */
export type ProjectList = 'listTimeActivities' | 'listFinanceActivities';

/** Entries per page of a project's lists (the API's maximum). */
const PAGE_SIZE = 1000;

/** The key of one page of a project's list: its URL with the page size and the cursor. */
export const pageKey = (list: ProjectList, projectId: string, cursor?: string) =>
  client.url(list, { path: { projectId }, query: { limit: PAGE_SIZE, cursor } });

/**
 * A project's whole list, newest first, a page of 1,000 at a time: `loadMore` fetches the page
 * after the last one (via its `x-next-cursor`) until none remains, so no history is out of reach.
 */
export function usePagedList<T>(list: ProjectList, projectId: string | null) {
  const swr = useSWRInfinite<ListPage<T>>(
    (index, previous: ListPage<T> | null) => {
      if (!projectId) return null;
      if (index === 0) return pageKey(list, projectId);
      return previous?.nextCursor ? pageKey(list, projectId, previous.nextCursor) : null;
    },
    (key: string) => pageFetcher<T>(key),
    { revalidateFirstPage: true },
  );
  const pages = swr.data;
  const hasMore = Boolean(pages?.[pages.length - 1]?.nextCursor);
  return {
    data: pages ? pages.flatMap((p) => p.items) : undefined,
    error: swr.error as unknown,
    isLoading: swr.isLoading,
    hasMore,
    loadingMore: swr.isValidating && pages !== undefined && swr.size > pages.length,
    loadMore: () => {
      if (hasMore) void swr.setSize((n) => n + 1);
    },
  };
}
