import useSWRInfinite from 'swr/infinite';
import { apiPage, type ListPage } from '@/lib/api';

/** Entries per page of a project's lists (the API's maximum). */
const PAGE_SIZE = 1000;

/** The key of one page of a project list: the list path with its page size and cursor. */
export const pageKey = (listPath: string, cursor?: string) =>
  `${listPath}?limit=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

/**
 * A project's whole list, newest first, a page of 1,000 at a time: `loadMore` fetches the page
 * after the last one (via its `x-next-cursor`) until none remains, so no history is out of reach.
 */
export function usePagedList<T>(listPath: string | null) {
  const swr = useSWRInfinite<ListPage<T>>(
    (index, previous: ListPage<T> | null) => {
      if (!listPath) return null;
      if (index === 0) return pageKey(listPath);
      return previous?.nextCursor ? pageKey(listPath, previous.nextCursor) : null;
    },
    (key: string) => apiPage<T>(key),
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
