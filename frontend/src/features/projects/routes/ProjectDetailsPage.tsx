import { Fragment, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog, Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { useClients } from '@/lib/clients';
import { errorMessage } from '@/lib/error-text';
import { paths, ROUTES } from '@/lib/paths';
import { useRouteParam } from '@/lib/use-route-param';
import { useDeleteProject } from '../api/delete-project';
import { useProject } from '../api/get-projects';
import { BudgetForm } from '../components/BudgetForm';
import { BudgetStatus } from '../components/BudgetStatus';
import { EmbedSettings } from '../components/EmbedSettings';
import { ProjectTotals } from '../components/ProjectTotals';
import { UpdateProjectForm } from '../components/UpdateProjectForm';

/** 'Client: …' under the project's name, linking to the clients; nothing without a client. */
function ProjectClient({ name }: { name: string | undefined }) {
  const { t } = useTranslation();
  if (!name) return null;
  return (
    <p className="project-client">
      <Link to={paths.clients}>{t('tagging.clientOf', { client: name })}</Link>
    </p>
  );
}

export interface ProjectDetailsPageProps {
  /** The charts and metrics of the project (composed by the app from the charts feature). */
  renderCharts?: (projectId: string) => ReactNode;
  /** The project's activity and income/expense lists (composed from the activities feature). */
  renderActivities?: (projectId: string) => ReactNode;
}

/**
 * /projectdetails/:projectid — editable name and description, totals, the embedding toggle with its
 * snippet, then the charts and the activity lists the app composes in.
 */
export function ProjectDetailsPage({ renderCharts, renderActivities }: ProjectDetailsPageProps) {
  const { t } = useTranslation();
  const projectid = useRouteParam(ROUTES.projectDetails);
  const { project, isLoading, error } = useProject(projectid);
  const { user } = useAuth();
  const { data: clients } = useClients();
  const deleteProject = useDeleteProject();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (isLoading) return <Spinner label={t('projects.loadingOne')} />;
  if (error) return <p role="alert">{t('projects.loadOneFailed')}</p>;
  if (!project)
    return (
      <div className="page">
        <h1>{t('projects.notFound')}</h1>
        <p>
          <Link to={paths.projects}>{t('projects.back')}</Link>
        </p>
      </div>
    );

  return (
    <div className="page project-details">
      <h1>{project.name}</h1>
      <ProjectClient name={clients?.find((c) => c._id === project.clientId)?.name} />
      {project.description ? <p className="muted">{project.description}</p> : null}
      <ProjectTotals project={project} user={user} />
      <BudgetStatus project={project} user={user} />
      <nav className="quick-actions" aria-label={t('projects.trackFor')}>
        <Link className="btn btn-secondary" to={paths.newTimeActivity(project._id)}>
          {t('welcome.trackTime')}
        </Link>
        <Link className="btn btn-secondary" to={paths.newIncomeActivity(project._id)}>
          {t('welcome.trackIncome')}
        </Link>
        <Link className="btn btn-secondary" to={paths.newExpenseActivity(project._id)}>
          {t('welcome.trackExpense')}
        </Link>
      </nav>
      <div className="details-grid">
        <UpdateProjectForm project={project} />
        <BudgetForm project={project} />
        <EmbedSettings project={project} user={user} />
      </div>
      {/* Each composed part in a list of its own: the app keys both by the project, and two siblings
          with one key make React lose one of them when the page draws again (a dead copy of the
          charts, whose drawings never come, stayed above the live one). */}
      <Fragment key="charts">{renderCharts?.(project._id)}</Fragment>
      <Fragment key="activities">{renderActivities?.(project._id)}</Fragment>
      <section className="danger-zone">
        {deleteError ? (
          <p role="alert" className="form-error">
            {deleteError}
          </p>
        ) : null}
        <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
          {t('projects.delete')}
        </button>
      </section>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          try {
            await deleteProject(project._id);
            navigate(paths.projects);
          } catch (e) {
            setDeleteError(e instanceof Error ? errorMessage(e) : t('projects.deleteFailed'));
          }
        }}
      />
    </div>
  );
}
