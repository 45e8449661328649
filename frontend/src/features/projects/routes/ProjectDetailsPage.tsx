import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog, Spinner } from '../../../components';
import { useAuth } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useDeleteProject } from '../api/delete-project';
import { useProject } from '../api/get-projects';
import { EmbedSettings } from '../components/EmbedSettings';
import { ProjectTotals } from '../components/ProjectTotals';
import { UpdateProjectForm } from '../components/UpdateProjectForm';

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
  const { projectid = '' } = useParams();
  const { project, isLoading, error } = useProject(projectid);
  const { user } = useAuth();
  const deleteProject = useDeleteProject();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (isLoading) return <Spinner label="Loading project" />;
  if (error) return <p role="alert">The project could not be loaded. Please try again.</p>;
  if (!project)
    return (
      <div className="page">
        <h1>Project not found</h1>
        <p>
          <Link to={paths.projects}>Back to the projects</Link>
        </p>
      </div>
    );

  return (
    <div className="page project-details">
      <h1>{project.name}</h1>
      {project.description ? <p className="muted">{project.description}</p> : null}
      <ProjectTotals project={project} user={user} />
      <nav className="quick-actions" aria-label="Track for this project">
        <Link className="btn btn-secondary" to={paths.newTimeActivity(project._id)}>
          Track time
        </Link>
        <Link className="btn btn-secondary" to={paths.newIncomeActivity(project._id)}>
          Track income
        </Link>
        <Link className="btn btn-secondary" to={paths.newExpenseActivity(project._id)}>
          Track expense
        </Link>
      </nav>
      <div className="details-grid">
        <UpdateProjectForm project={project} />
        <EmbedSettings project={project} user={user} />
      </div>
      {renderCharts?.(project._id)}
      {renderActivities?.(project._id)}
      <section className="danger-zone">
        {deleteError ? (
          <p role="alert" className="form-error">
            {deleteError}
          </p>
        ) : null}
        <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
          Delete project
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
            setDeleteError(e instanceof Error ? e.message : 'The project could not be deleted.');
          }
        }}
      />
    </div>
  );
}
