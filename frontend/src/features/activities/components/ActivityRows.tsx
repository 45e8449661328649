import { Link } from 'react-router-dom';
import { expenseCategoryName } from '@/components';
import { hidden, rich, useTranslation } from '@/i18n';
import type { User } from '@/lib/auth';
import { formatDate, formatDuration, formatMoney, formatTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import type { FinanceActivity, TimeActivity } from '../api/entries';
import { ReceiptLinks } from './ReceiptLinks';

/** A time entry in the project's list: date, task, times and duration, linking to its edit screen. */
export function TimeRow({ activity: a, onDelete }: { activity: TimeActivity; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="row">
      <Link to={paths.timeActivity(a._id)} className="row-main">
        <span className="row-date">{formatDate(a.date)}</span>
        <span className="row-title">
          {a.activity || t('entry.noTask')}
          {a.description ? <span className="muted"> · {a.description}</span> : null}
          {a.invoiceId ? <span className="badge badge-invoiced">{t('invoices.invoiced')}</span> : null}
        </span>
        <span className="row-times muted">
          {a.startTime ? formatTime(a.startTime) : ''}
          {a.startTime && a.endTime ? '–' : ''}
          {a.endTime ? formatTime(a.endTime) : ''}
        </span>
        <span className="row-value">{formatDuration(a.duration)}</span>
      </Link>
      <Link to={paths.timeActivity(a._id)} className="btn btn-ghost">
        {rich(t('daily.editTimeOf', { date: formatDate(a.date) }), { h: hidden })}
      </Link>
      <button type="button" className="btn btn-ghost" onClick={onDelete}>
        {rich(t('entry.deleteTimeOf', { date: formatDate(a.date) }), { h: hidden })}
      </button>
    </li>
  );
}

/** An income or expense in the project's list: date, task, notes and signed amount. */
export function FinanceRow({
  activity: a,
  user,
  onDelete,
}: {
  activity: FinanceActivity;
  user: User | null;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const date = formatDate(a.date);
  const receipts = a.receipts ?? [];
  return (
    <li className={receipts.length > 0 ? 'row row-with-receipts' : 'row'}>
      <Link to={paths.financeActivity(a._id)} className="row-main">
        <span className="row-date">{date}</span>
        <span className="row-title">
          {a.activity || (a.expense ? t('entry.expense') : t('entry.income'))}
          {a.description ? <span className="muted"> · {a.description}</span> : null}
        </span>
        <span className="row-times muted">
          {[a.category ? expenseCategoryName(t, a.category) : '', a.notes].filter(Boolean).join(' · ')}
        </span>
        <span className={`row-value ${a.expense ? 'negative' : 'positive'}`}>
          {formatMoney(a.expense && a.amount ? -a.amount : a.amount, user)}
          {a.vatAmount ? (
            <span className="muted"> {t('entry.plusVat', { vat: formatMoney(a.vatAmount, user) })}</span>
          ) : null}
        </span>
      </Link>
      <Link to={paths.financeActivity(a._id)} className="btn btn-ghost">
        {rich(a.expense ? t('daily.editExpenseOf', { date }) : t('daily.editIncomeOf', { date }), {
          h: hidden,
        })}
      </Link>
      <button type="button" className="btn btn-ghost" onClick={onDelete}>
        {rich(a.expense ? t('entry.deleteExpenseOf', { date }) : t('entry.deleteIncomeOf', { date }), {
          h: hidden,
        })}
      </button>
      <ReceiptLinks receipts={receipts} projectId={a.projectId} />
    </li>
  );
}
