import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, useToast } from '../../../components';
import { paths } from '../../../lib/paths';
import type { Project } from '../api/get-projects';
import { useUpdateProject } from '../api/update-project';
import { ProjectFields, type ProjectFieldsValue } from './ProjectFields';

export const PROJECT_UPDATED = 'Your project has been updated.';

/** 'Update project': the editable name and description, Save, and 'Close' back to /projects. */
export function UpdateProjectForm({ project }: { project: Project }) {
  const updateProject = useUpdateProject();
  const toast = useToast();
  const [value, setValue] = useState<ProjectFieldsValue>({
    name: project.name,
    description: project.description,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A different project (navigation) or a fresh server copy resets the form.
  useEffect(() => {
    setValue({ name: project.name, description: project.description ?? '' });
  }, [project.name, project.description]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = value.name.trim();
    if (!name || busy) return;
    setBusy(true);
    setError(null);
    try {
      await updateProject(project._id, { name, description: value.description.trim() });
      toast.show(PROJECT_UPDATED, 1500);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The project could not be saved.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card project-form" onSubmit={submit} aria-labelledby="update-project-title">
      <h2 id="update-project-title">Update project</h2>
      <ProjectFields value={value} onChange={setValue} />
      <p className="muted">
        Project id: <code>{project._id}</code>
      </p>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          Save
        </Button>
        <Link to={paths.projects} className="btn btn-secondary">
          Close
        </Link>
      </div>
    </form>
  );
}
