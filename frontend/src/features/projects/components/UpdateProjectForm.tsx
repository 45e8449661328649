import { type FormEvent, useEffect, useId, useState } from 'react';
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
  const rateId = useId();
  const [rate, setRate] = useState(project.hourlyRate == null ? '' : String(project.hourlyRate));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A different project (navigation) or a fresh server copy resets the form.
  useEffect(() => {
    setValue({ name: project.name, description: project.description ?? '' });
  }, [project.name, project.description]);
  useEffect(() => {
    setRate(project.hourlyRate == null ? '' : String(project.hourlyRate));
  }, [project.hourlyRate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = value.name.trim();
    if (!name || busy) return;
    const rateText = rate.trim().replace(',', '.');
    if (rateText !== '' && !/^\d{1,9}(\.\d{1,2})?$/.test(rateText)) {
      setError('The hourly rate is an amount like 80 or 92.50 (at most 2 decimals), or empty for none.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const hourlyRate = rateText === '' ? null : Number(rateText);
      await updateProject(project._id, {
        name,
        description: value.description.trim(),
        // Only a changed rate is sent, so saving a name never touches the rate.
        ...(hourlyRate !== (project.hourlyRate ?? null) ? { hourlyRate } : {}),
      });
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
      <div className="field">
        <label htmlFor={rateId}>Hourly rate</label>
        <input
          id={rateId}
          inputMode="decimal"
          autoComplete="off"
          placeholder="No rate"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          aria-describedby={`${rateId}-hint`}
        />
        <p id={`${rateId}-hint`} className="muted">
          Your time on this project is valued at this rate. Leave it empty for none.
        </p>
      </div>
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
