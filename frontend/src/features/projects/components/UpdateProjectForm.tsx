import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { DecimalField, FormError, SubmitRow, useDecimalReader, useToast } from '@/components';
import { rich, useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import type { Project } from '../api/get-projects';
import { useUpdateProject } from '../api/update-project';
import { ProjectFields, type ProjectFieldsValue } from './ProjectFields';

/** The form's fields of a stored project. */
const fieldsOf = (project: Project): ProjectFieldsValue => ({
  name: project.name,
  description: project.description ?? '',
  clientId: project.clientId ?? '',
  billableByDefault: project.billableByDefault,
});

/** The client and billable default when changed (so saving a name never touches them). */
function changedBilling(value: ProjectFieldsValue, project: Project) {
  const clientId = value.clientId === '' ? null : value.clientId;
  return {
    ...(clientId !== (project.clientId ?? null) ? { clientId } : {}),
    ...(value.billableByDefault !== project.billableByDefault
      ? { billableByDefault: value.billableByDefault }
      : {}),
  };
}

/**
 * 'Update project': the editable name, description, client, billable default and hourly rate,
 * Save, and 'Close' back to /projects.
 */
export function UpdateProjectForm({ project }: { project: Project }) {
  const { t } = useTranslation();
  const updateProject = useUpdateProject();
  const toast = useToast();
  const [value, setValue] = useState<ProjectFieldsValue>(() => fieldsOf(project));
  const readDecimal = useDecimalReader();
  const [rate, setRate] = useState(project.hourlyRate == null ? '' : String(project.hourlyRate));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A different project (navigation) or a fresh server copy resets the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields it reads are the dependencies
  useEffect(() => {
    setValue(fieldsOf(project));
  }, [project.name, project.description, project.clientId, project.billableByDefault]);
  useEffect(() => {
    setRate(project.hourlyRate == null ? '' : String(project.hourlyRate));
  }, [project.hourlyRate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = value.name.trim();
    if (!name || busy) return;
    const typedRate = readDecimal(rate);
    if (typedRate === null) {
      setError(t('projects.rateInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const hourlyRate = typedRate ?? null;
      await updateProject(project._id, {
        name,
        description: value.description.trim(),
        ...changedBilling(value, project),
        // Only a changed rate is sent, so saving a name never touches the rate.
        ...(hourlyRate !== (project.hourlyRate ?? null) ? { hourlyRate } : {}),
      });
      toast.show(t('projects.updated'), 1500);
    } catch (err) {
      setError(err instanceof Error ? errorMessage(err) : t('projects.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card project-form" onSubmit={submit} aria-labelledby="update-project-title">
      <h2 id="update-project-title">{t('projects.update')}</h2>
      <ProjectFields value={value} onChange={setValue} />
      <DecimalField
        label={t('projects.rate')}
        hint={t('projects.rateHint')}
        placeholder={t('projects.noRate')}
        value={rate}
        onChange={setRate}
      />
      <p className="muted">
        {rich(t('projects.id', { id: project._id }), { code: (text) => <code>{text}</code> })}
      </p>
      <FormError>{error}</FormError>
      <SubmitRow label={t('common.save')} disabled={busy}>
        <Link to={paths.projects} className="btn btn-secondary">
          {t('common.close')}
        </Link>
      </SubmitRow>
    </form>
  );
}
