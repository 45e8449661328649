import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog, Spinner } from '@/components';
import { hidden, rich, useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { useClients } from '@/lib/clients';
import { errorMessage } from '@/lib/error-text';
import { type FormatPrefs, formatDuration, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useDeleteProject } from '../api/delete-project';
import { type Project, useProjects } from '../api/get-projects';
import { ofClient } from '../lib/client-filter';
import { sortByName } from '../lib/sort';
import { BudgetStatus } from './BudgetStatus';
import { ClientFilter } from './ClientFilter';

/**
 * The number columns: the heading (which also labels each cell on a narrow screen), the cell's
 * text in the user's formats, and for profit/loss its sign as a class.
 */
const TOTAL_COLUMNS: ReadonlyArray<{
  label: 'totals.hours' | 'totals.income' | 'totals.trackedValue' | 'totals.expenses' | 'totals.profitLoss';
  value: (p: Project, user: FormatPrefs | null) => string;
  tone?: (p: Project) => string;
}> = [
  { label: 'totals.hours', value: (p) => formatDuration(p.totalHours) },
  { label: 'totals.income', value: (p, user) => formatMoney(p.totalIncome, user) },
  {
    label: 'totals.trackedValue',
    value: (p, user) => (p.trackedValue == null ? '—' : formatMoney(p.trackedValue, user)),
  },
  { label: 'totals.expenses', value: (p, user) => formatMoney(p.totalExpenses ? -p.totalExpenses : 0, user) },
  {
    label: 'totals.profitLoss',
    value: (p, user) => formatMoney(p.profitLoss, user),
    tone: (p) => (p.profitLoss < 0 ? 'negative' : 'positive'),
  },
];

/** Deleting a project after the confirmation; a failure is kept to show over the list. */
function useProjectDeletion() {
  const { t } = useTranslation();
  const deleteProject = useDeleteProject();
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!toDelete) return;
    setBusy(true);
    setError(null);
    try {
      await deleteProject(toDelete._id);
    } catch (e) {
      setError(e instanceof Error ? errorMessage(e) : t('projects.deleteFailed'));
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  }

  return { toDelete, setToDelete, busy, error, confirm };
}

/**
 * The user's projects with their client and totals, filtered by client; each links to its
 * details, each can be deleted.
 */
export function ProjectList() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useProjects();
  const { data: clients = [] } = useClients();
  const [clientFilter, setClientFilter] = useState('');
  const { user } = useAuth();
  const deletion = useProjectDeletion();

  if (isLoading) return <Spinner label={t('projects.loading')} />;
  if (error) return <p role="alert">{t('projects.loadFailed')}</p>;
  const all = sortByName(data ?? []);
  if (all.length === 0) return <p className="empty">{t('projects.empty')}</p>;
  const projects = all.filter((p) => ofClient(p, clientFilter));
  const clientName = (p: Project) => clients.find((c) => c._id === p.clientId)?.name;

  return (
    <>
      {clients.length > 0 ? (
        <ClientFilter clients={clients} value={clientFilter} onChange={setClientFilter} />
      ) : null}
      {deletion.error ? (
        <p role="alert" className="form-error">
          {deletion.error}
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="project-table">
          <caption className="visually-hidden">{t('shell.projects')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('projects.project')}</th>
              {TOTAL_COLUMNS.map((column) => (
                <th key={column.label} scope="col" className="num">
                  {t(column.label)}
                </th>
              ))}
              <th scope="col">{t('budget.column')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('projects.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {projects.map((p) => (
              <ProjectRow
                key={p._id}
                project={p}
                client={clientName(p)}
                user={user}
                onDelete={() => deletion.setToDelete(p)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={deletion.toDelete !== null}
        busy={deletion.busy}
        onCancel={() => deletion.setToDelete(null)}
        onConfirm={deletion.confirm}
      />
    </>
  );
}

/** One project: its name linking to the details, its client, its totals, and its actions. */
function ProjectRow({
  project: p,
  client,
  user,
  onDelete,
}: {
  project: Project;
  client: string | undefined;
  user: FormatPrefs | null;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row">
        <Link to={paths.projectDetails(p._id)}>{p.name}</Link>
        {client ? <span className="project-client muted">{t('tagging.clientOf', { client })}</span> : null}
      </th>
      {TOTAL_COLUMNS.map((column) => (
        <td
          key={column.label}
          className={column.tone ? `num ${column.tone(p)}` : 'num'}
          data-label={t(column.label)}
        >
          {column.value(p, user)}
        </td>
      ))}
      <td className="budget-cell" data-label={t('budget.column')}>
        <BudgetStatus project={p} user={user} />
      </td>
      <td className="row-actions">
        <Link to={paths.newTimeActivity(p._id)} className="btn btn-ghost">
          {rich(t('projects.trackTimeFor', { name: p.name }), { h: hidden })}
        </Link>
        <button type="button" className="btn btn-ghost" onClick={onDelete}>
          {rich(t('projects.deleteNamed', { name: p.name }), { h: hidden })}
        </button>
      </td>
    </tr>
  );
}
