import { useState } from 'react';
import { ConfirmDialog } from '@/components';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-text';
import {
  FINANCE_ENTRIES,
  type FinanceActivity,
  TIME_ENTRIES,
  type TimeActivity,
  useDeleteEntry,
} from '../api/entries';
import { usePagedList } from '../api/paged-list';
import { ActivityList } from './ActivityList';
import { FinanceRow, TimeRow } from './ActivityRows';

type Pending = { kind: 'time' | 'finance'; id: string } | null;

/** Deleting an entry of the project after the confirmation; a failure is kept to show over the lists. */
function useEntryDeletion(projectId: string) {
  const { t } = useTranslation();
  const deleteTime = useDeleteEntry(TIME_ENTRIES);
  const deleteFinance = useDeleteEntry(FINANCE_ENTRIES);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    const target = pending;
    setPending(null);
    if (!target) return;
    setError(null);
    try {
      if (target.kind === 'time') await deleteTime(target.id, projectId);
      else await deleteFinance(target.id, projectId);
    } catch (e) {
      setError(e instanceof Error ? errorMessage(e) : t('entry.deleteFailed'));
    }
  }

  return { pending, setPending, error, confirm };
}

/**
 * The project's time activities and its income/expenses: two collapsible lists that show 4 rows
 * and then one more at a time; each row links to its edit screen and can be deleted.
 */
export function ProjectActivityLists({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const time = usePagedList<TimeActivity>('listTimeActivities', projectId);
  const finance = usePagedList<FinanceActivity>('listFinanceActivities', projectId);
  const deletion = useEntryDeletion(projectId);

  return (
    <div className="activity-lists">
      {deletion.error ? (
        <p role="alert" className="form-error">
          {deletion.error}
        </p>
      ) : null}
      <ActivityList
        list={time}
        words={{
          titleCount: (n) => t('entry.timeListCount', { n }),
          title: t('entry.timeList'),
          loading: t('entry.timeListLoading'),
          failed: t('entry.timeListFailed'),
          empty: t('entry.timeListEmpty'),
        }}
        row={(a) => (
          <TimeRow
            key={a._id}
            activity={a}
            onDelete={() => deletion.setPending({ kind: 'time', id: a._id })}
          />
        )}
      />
      <ActivityList
        list={finance}
        words={{
          titleCount: (n) => t('entry.financeListCount', { n }),
          title: t('entry.financeList'),
          loading: t('entry.financeListLoading'),
          failed: t('entry.financeListFailed'),
          empty: t('entry.financeListEmpty'),
        }}
        row={(a) => (
          <FinanceRow
            key={a._id}
            activity={a}
            user={user}
            onDelete={() => deletion.setPending({ kind: 'finance', id: a._id })}
          />
        )}
      />
      <ConfirmDialog
        open={deletion.pending !== null}
        onCancel={() => deletion.setPending(null)}
        onConfirm={deletion.confirm}
      />
    </div>
  );
}
