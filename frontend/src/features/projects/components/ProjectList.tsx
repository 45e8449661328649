import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog, Spinner } from '@/components';
import { hidden, rich, useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { useAuth } from '@/lib/auth';
import { formatDuration, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useDeleteProject } from '../api/delete-project';
import { type Project, useProjects } from '../api/get-projects';
import { sortByName } from '../lib/sort';

/** The user's projects with their totals; each links to its details, each can be deleted. */
export function ProjectList() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useProjects();
  const { user } = useAuth();
  const deleteProject = useDeleteProject();
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (isLoading) return <Spinner label={t('projects.loading')} />;
  if (error) return <p role="alert">{t('projects.loadFailed')}</p>;
  const projects = sortByName(data ?? []);
  if (projects.length === 0) return <p className="empty">{t('projects.empty')}</p>;

  return (
    <>
      {deleteError ? (
        <p role="alert" className="form-error">
          {deleteError}
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="project-table">
          <caption className="visually-hidden">{t('shell.projects')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('projects.project')}</th>
              <th scope="col" className="num">
                {t('totals.hours')}
              </th>
              <th scope="col" className="num">
                {t('totals.income')}
              </th>
              <th scope="col" className="num">
                {t('totals.trackedValue')}
              </th>
              <th scope="col" className="num">
                {t('totals.expenses')}
              </th>
              <th scope="col" className="num">
                {t('totals.profitLoss')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('projects.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {projects.map((p) => {
              const pl = p.profitLoss;
              return (
                <tr key={p._id}>
                  <th scope="row">
                    <Link to={paths.projectDetails(p._id)}>{p.name}</Link>
                  </th>
                  <td className="num" data-label={t('totals.hours')}>
                    {formatDuration(p.totalHours)}
                  </td>
                  <td className="num" data-label={t('totals.income')}>
                    {formatMoney(p.totalIncome, user)}
                  </td>
                  <td className="num" data-label={t('totals.trackedValue')}>
                    {p.trackedValue == null ? '—' : formatMoney(p.trackedValue, user)}
                  </td>
                  <td className="num" data-label={t('totals.expenses')}>
                    {formatMoney(p.totalExpenses ? -p.totalExpenses : 0, user)}
                  </td>
                  <td
                    className={`num ${pl < 0 ? 'negative' : 'positive'}`}
                    data-label={t('totals.profitLoss')}
                  >
                    {formatMoney(pl, user)}
                  </td>
                  <td className="row-actions">
                    <Link to={paths.newTimeActivity(p._id)} className="btn btn-ghost">
                      {rich(t('projects.trackTimeFor', { name: p.name }), { h: hidden })}
                    </Link>
                    <button type="button" className="btn btn-ghost" onClick={() => setToDelete(p)}>
                      {rich(t('projects.deleteNamed', { name: p.name }), { h: hidden })}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        busy={busy}
        onCancel={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          setBusy(true);
          setDeleteError(null);
          try {
            await deleteProject(toDelete._id);
          } catch (e) {
            setDeleteError(e instanceof Error ? errorMessage(e) : t('projects.deleteFailed'));
          } finally {
            setBusy(false);
            setToDelete(null);
          }
        }}
      />
    </>
  );
}
