import type { Project } from '@contract/responses';
import { EditableList, expenseCategoryName, Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import { useFormatPrefs } from '@/lib/auth';
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
      <EditableList
        headingId="recurring-list"
        className="client-list recurring-list"
        items={rules}
        error={error}
        words={{
          title: t('recurring.list'),
          none: t('recurring.none'),
          edit: t('recurring.edit'),
          editNamed: (name) => t('recurring.editNamed', { name }),
          delete: t('recurring.delete'),
          deleteNamed: (name) => t('recurring.deleteNamed', { name }),
          deleteTitle: t('recurring.deleteTitle'),
          deleteMessage: (name) => t('recurring.deleteMessage', { name }),
        }}
        name={(r) => r.activity}
        details={(r) => <RuleDetails rule={r} projects={projects ?? []} />}
        editor={(r, close) =>
          projects ? (
            <RecurringExpenseForm
              projects={projects}
              rule={r}
              submitLabel={t('common.save')}
              onSubmit={async (body) => {
                await actions.update(r._id, body);
                close();
              }}
              onCancel={close}
            />
          ) : null
        }
        remove={(r) => actions.remove(r._id)}
      />
    </div>
  );
}

/** A rule: task, amount and how often, its project and its next due date. */
function RuleDetails({ rule: r, projects }: { rule: RecurringExpense; projects: Project[] }) {
  const { t } = useTranslation();
  const prefs = useFormatPrefs();
  const project = projects.find((p) => p._id === r.projectId)?.name ?? '';
  return (
    <>
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
    </>
  );
}
