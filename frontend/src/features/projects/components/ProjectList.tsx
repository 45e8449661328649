import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog, Spinner } from '../../../components';
import { useAuth } from '../../../lib/auth';
import { formatDuration, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDeleteProject } from '../api/delete-project';
import { type Project, profitLoss, useProjects } from '../api/get-projects';
import { sortByName } from '../lib/sort';

/** The user's projects with their totals; each links to its details, each can be deleted. */
export function ProjectList() {
  const { data, error, isLoading } = useProjects();
  const { user } = useAuth();
  const deleteProject = useDeleteProject();
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (isLoading) return <Spinner label="Loading projects" />;
  if (error) return <p role="alert">The projects could not be loaded. Please try again.</p>;
  const projects = sortByName(data ?? []);
  if (projects.length === 0) return <p className="empty">No projects yet. Add one with the + button.</p>;

  return (
    <>
      {deleteError ? (
        <p role="alert" className="form-error">
          {deleteError}
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="project-table">
          <caption className="visually-hidden">Projects</caption>
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col" className="num">
                Hours
              </th>
              <th scope="col" className="num">
                Income
              </th>
              <th scope="col" className="num">
                Tracked value
              </th>
              <th scope="col" className="num">
                Expenses
              </th>
              <th scope="col" className="num">
                Profit/loss
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {projects.map((p) => {
              const pl = profitLoss(p);
              return (
                <tr key={p._id}>
                  <th scope="row">
                    <Link to={paths.projectDetails(p._id)}>{p.name}</Link>
                  </th>
                  <td className="num" data-label="Hours">
                    {formatDuration(p.totalHours)}
                  </td>
                  <td className="num" data-label="Income">
                    {formatMoney(p.totalIncome, user)}
                  </td>
                  <td className="num" data-label="Tracked value">
                    {p.trackedValue == null ? '—' : formatMoney(p.trackedValue, user)}
                  </td>
                  <td className="num" data-label="Expenses">
                    {formatMoney(p.totalExpenses ? -p.totalExpenses : 0, user)}
                  </td>
                  <td className={`num ${pl < 0 ? 'negative' : 'positive'}`} data-label="Profit/loss">
                    {formatMoney(pl, user)}
                  </td>
                  <td className="row-actions">
                    <Link to={paths.newTimeActivity(p._id)} className="btn btn-ghost">
                      Track time<span className="visually-hidden"> for {p.name}</span>
                    </Link>
                    <button type="button" className="btn btn-ghost" onClick={() => setToDelete(p)}>
                      Delete<span className="visually-hidden"> {p.name}</span>
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
            setDeleteError(e instanceof Error ? e.message : 'The project could not be deleted.');
          } finally {
            setBusy(false);
            setToDelete(null);
          }
        }}
      />
    </>
  );
}
