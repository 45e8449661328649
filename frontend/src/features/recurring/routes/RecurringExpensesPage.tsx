import type { Project } from '@contract/responses';
import { useState } from 'react';
import { Button, ConfirmDialog, expenseCategoryName, Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import { useFormatPrefs } from '@/lib/auth';
import { errorMessage } from '@/lib/error-text';
import { formatDate, formatMoney } from '@/lib/format';
import { useTitle } from '@/lib/use-title';
import {
  type RecurringExpense,
  useProjectChoices,
  useRecurringExpenseActions,
  useRecurringExpenses,
} from '../api/recurring-expenses';
import { intervalName } from '../components/interval';
import { RecurringExpenseForm } from '../components/RecurringExpenseForm';

/**
 * `/recurring`: costs that come back every month, quarter or year (a subscription, rent) — add
 * one, edit or delete each. Each due date books one expense on its project; a start date in the
 * past books the dates up to today at once. Deleting a rule keeps the expenses it booked.
 */
export function RecurringExpensesPage() {
  const { t } = useTranslation();
  useTitle(t('recurring.title'));
  const { data: rules, error } = useRecurringExpenses();
  const { data: projects } = useProjectChoices();
  const actions = useRecurringExpenseActions();
  const [editing, setEditing] = useState<string>();
  const [deleting, setDeleting] = useState<RecurringExpense>();
  const [deleteError, setDeleteError] = useState<string>();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await actions.remove(deleting._id);
    } catch (err) {
      setDeleteError(errorMessage(err));
    }
    setDeleting(undefined);
  };

  return (
    <div className="page recurring-page">
      <h1>{t('recurring.title')}</h1>
      <p className="muted">{t('recurring.intro')}</p>
      <section className="card" aria-labelledby="new-recurring">
        <h2 id="new-recurring">{t('recurring.add')}</h2>
        {!projects ? <Spinner /> : null}
        {projects?.length === 0 ? <p>{t('recurring.noProjects')}</p> : null}
        {projects && projects.length > 0 ? (
          <RecurringExpenseForm
            projects={projects}
            submitLabel={t('recurring.addButton')}
            onSubmit={async (body) => void (await actions.create(body))}
          />
        ) : null}
      </section>
      <section className="card" aria-labelledby="recurring-list">
        <h2 id="recurring-list">{t('recurring.list')}</h2>
        {error ? <p role="alert">{errorMessage(error)}</p> : null}
        {deleteError ? <p role="alert">{deleteError}</p> : null}
        {!rules && !error ? <Spinner /> : null}
        {rules?.length === 0 ? <p>{t('recurring.none')}</p> : null}
        <ul className="client-list recurring-list">
          {rules?.map((r) => (
            <li key={r._id}>
              {editing === r._id && projects ? (
                <RecurringExpenseForm
                  projects={projects}
                  rule={r}
                  submitLabel={t('common.save')}
                  onSubmit={async (body) => {
                    await actions.update(r._id, body);
                    setEditing(undefined);
                  }}
                  onCancel={() => setEditing(undefined)}
                />
              ) : (
                <RuleRow
                  rule={r}
                  projects={projects ?? []}
                  onEdit={() => setEditing(r._id)}
                  onDelete={() => setDeleting(r)}
                />
              )}
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={deleting !== undefined}
        onCancel={() => setDeleting(undefined)}
        onConfirm={confirmDelete}
        title={t('recurring.deleteTitle')}
        message={t('recurring.deleteMessage', { name: deleting?.activity ?? '' })}
        confirmLabel={t('recurring.delete')}
      />
    </div>
  );
}

/** A rule: task, amount and how often, its project and its next due date, with edit and delete. */
function RuleRow({
  rule: r,
  projects,
  onEdit,
  onDelete,
}: {
  rule: RecurringExpense;
  projects: Project[];
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const prefs = useFormatPrefs();
  const project = projects.find((p) => p._id === r.projectId)?.name ?? '';
  return (
    <div className="client-row">
      <div>
        <strong>{r.activity}</strong>
        <div>
          {t('recurring.amountEvery', {
            amount: formatMoney(r.amount, prefs),
            interval: intervalName(t, r.interval),
          })}
        </div>
        <div className="muted">
          {project} · {expenseCategoryName(t, r.category)}
        </div>
        <div className="muted">
          {r.nextDue
            ? t('recurring.nextDue', { date: formatDate(r.nextDue) })
            : t('recurring.ended', { date: formatDate(r.endDate ?? r.startDate) })}
        </div>
      </div>
      <div className="row-actions">
        <Button
          variant="secondary"
          onClick={onEdit}
          aria-label={t('recurring.editNamed', { name: r.activity })}
        >
          {t('recurring.edit')}
        </Button>
        <Button
          variant="danger"
          onClick={onDelete}
          aria-label={t('recurring.deleteNamed', { name: r.activity })}
        >
          {t('recurring.delete')}
        </Button>
      </div>
    </div>
  );
}
