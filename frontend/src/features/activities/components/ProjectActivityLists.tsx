import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Collapsible, ConfirmDialog, Spinner } from '@/components';
import { hidden, rich, useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { useAuth } from '@/lib/auth';
import { formatDate, formatDuration, formatMoney, formatTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useDeleteFinanceActivity } from '../api/delete-finance-activity';
import { useDeleteTimeActivity } from '../api/delete-time-activity';
import { type FinanceActivity, financeActivitiesKey } from '../api/get-finance-activities';
import { type TimeActivity, timeActivitiesKey } from '../api/get-time-activities';
import { usePagedList } from '../api/paged-list';
import { useProgressive } from '../lib/use-progressive';

type Pending = { kind: 'time' | 'finance'; id: string } | null;

/**
 * The rows of a paged list shown so far: one more than loaded while pages remain, so 'Show more'
 * and the sentinel stay; reaching the end of what is loaded fetches the next page.
 */
function useShownRows<T>(list: ReturnType<typeof usePagedList<T>>) {
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

/**
 * The project's time activities and its income/expenses: two collapsible lists that show 4 rows
 * and then one more at a time; each row links to its edit screen and can be deleted.
 */
export function ProjectActivityLists({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const time = usePagedList<TimeActivity>(timeActivitiesKey(projectId));
  const finance = usePagedList<FinanceActivity>(financeActivitiesKey(projectId));
  const deleteTime = useDeleteTimeActivity();
  const deleteFinance = useDeleteFinanceActivity();
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const timeRows = useShownRows(time);
  const financeRows = useShownRows(finance);

  return (
    <div className="activity-lists">
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <Collapsible
        title={
          time.data
            ? t('entry.timeListCount', { n: `${time.data.length}${time.hasMore ? '+' : ''}` })
            : t('entry.timeList')
        }
      >
        {time.isLoading ? <Spinner label={t('entry.timeListLoading')} /> : null}
        {time.error ? <p role="alert">{t('entry.timeListFailed')}</p> : null}
        {time.data && time.data.length === 0 ? <p className="empty">{t('entry.timeListEmpty')}</p> : null}
        <ul className="rows">
          {time.data?.slice(0, timeRows.shown).map((a) => (
            <li key={a._id} className="row">
              <Link to={paths.timeActivity(a._id)} className="row-main">
                <span className="row-date">{formatDate(a.date)}</span>
                <span className="row-title">
                  {a.activity || t('entry.noTask')}
                  {a.description ? <span className="muted"> · {a.description}</span> : null}
                </span>
                <span className="row-times muted">
                  {a.startTime ? formatTime(a.startTime) : ''}
                  {a.startTime && a.endTime ? '–' : ''}
                  {a.endTime ? formatTime(a.endTime) : ''}
                </span>
                <span className="row-value">{formatDuration(a.duration)}</span>
              </Link>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => setPending({ kind: 'time', id: a._id })}
              >
                {rich(t('entry.deleteTimeOf', { date: formatDate(a.date) }), { h: hidden })}
              </button>
            </li>
          ))}
        </ul>
        <ShowMore rows={timeRows} />
      </Collapsible>
      <Collapsible
        title={
          finance.data
            ? t('entry.financeListCount', { n: `${finance.data.length}${finance.hasMore ? '+' : ''}` })
            : t('entry.financeList')
        }
      >
        {finance.isLoading ? <Spinner label={t('entry.financeListLoading')} /> : null}
        {finance.error ? <p role="alert">{t('entry.financeListFailed')}</p> : null}
        {finance.data && finance.data.length === 0 ? (
          <p className="empty">{t('entry.financeListEmpty')}</p>
        ) : null}
        <ul className="rows">
          {finance.data?.slice(0, financeRows.shown).map((a) => (
            <li key={a._id} className="row">
              <Link to={paths.financeActivity(a._id)} className="row-main">
                <span className="row-date">{formatDate(a.date)}</span>
                <span className="row-title">
                  {a.activity || (a.expense ? t('entry.expense') : t('entry.income'))}
                  {a.description ? <span className="muted"> · {a.description}</span> : null}
                </span>
                <span className="row-times muted">{a.notes}</span>
                <span className={`row-value ${a.expense ? 'negative' : 'positive'}`}>
                  {formatMoney(a.expense && a.amount ? -a.amount : a.amount, user)}
                </span>
              </Link>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => setPending({ kind: 'finance', id: a._id })}
              >
                {rich(
                  a.expense
                    ? t('entry.deleteExpenseOf', { date: formatDate(a.date) })
                    : t('entry.deleteIncomeOf', { date: formatDate(a.date) }),
                  { h: hidden },
                )}
              </button>
            </li>
          ))}
        </ul>
        <ShowMore rows={financeRows} />
      </Collapsible>
      <ConfirmDialog
        open={pending !== null}
        onCancel={() => setPending(null)}
        onConfirm={async () => {
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
        }}
      />
    </div>
  );
}
