import { type ReactNode, useEffect } from 'react';
import { Collapsible, Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import type { usePagedList } from '../api/paged-list';
import { useProgressive } from '../lib/use-progressive';

type PagedList<T> = ReturnType<typeof usePagedList<T>>;

/**
 * The rows of a paged list shown so far: one more than loaded while pages remain, so 'Show more'
 * and the sentinel stay; reaching the end of what is loaded fetches the next page.
 */
function useShownRows<T>(list: PagedList<T>) {
  const loaded = list.data?.length ?? 0;
  const { hasMore, loadMore } = list;
  const rows = useProgressive(loaded + (hasMore ? 1 : 0));
  useEffect(() => {
    if (hasMore && rows.shown >= loaded) loadMore();
  }, [hasMore, rows.shown, loaded, loadMore]);
  return rows;
}

/** While rows remain: the sentinel that shows one more on coming into view, and 'Show more'. */
function ShowMore({ rows }: { rows: ReturnType<typeof useProgressive> }) {
  const { t } = useTranslation();
  if (!rows.hasMore) return null;
  return (
    <>
      <div ref={rows.sentinel} aria-hidden="true" className="sentinel" />
      <button type="button" className="btn btn-secondary" onClick={rows.more}>
        {t('entry.showMore')}
      </button>
    </>
  );
}

/** The words of one list, already translated. */
export interface ActivityListWords {
  /** The title once the count is known, given the count ("12" or "1000+"). */
  titleCount: (n: string) => string;
  title: string;
  loading: string;
  failed: string;
  empty: string;
}

/**
 * One collapsible list of a project's entries (time, or income and expenses): 4 rows and then one
 * more at a time, loading further pages as it goes.
 */
export function ActivityList<T extends { _id: string }>({
  list,
  words,
  row,
}: {
  list: PagedList<T>;
  words: ActivityListWords;
  row: (item: T) => ReactNode;
}) {
  const rows = useShownRows(list);
  return (
    <Collapsible
      title={list.data ? words.titleCount(`${list.data.length}${list.hasMore ? '+' : ''}`) : words.title}
    >
      {list.isLoading ? <Spinner label={words.loading} /> : null}
      {list.error ? <p role="alert">{words.failed}</p> : null}
      {list.data && list.data.length === 0 ? <p className="empty">{words.empty}</p> : null}
      <ul className="rows">{list.data?.slice(0, rows.shown).map(row)}</ul>
      <ShowMore rows={rows} />
    </Collapsible>
  );
}
