import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button, Dialog, UpgradePrompt, upgradeMessageFor } from '@/components';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { useCreateProject } from '../api/create-project';
import { type Project, useProjects } from '../api/get-projects';
import { findByName } from '../lib/sort';
import { ProjectFields, type ProjectFieldsValue } from './ProjectFields';

/** The dialog stays open after a creation and closes this long after it, so the creator sees the confirmation. */
export const CLOSE_AFTER_MS = 2000;
const TOAST_MS = 1500;

const EMPTY: ProjectFieldsValue = { name: '', description: '' };

export interface CreateProjectDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new project, or with the existing one when the name is already taken. */
  onCreated?: (project: Project) => void;
  /** Prefills the name (e.g. from the picker). */
  initialName?: string;
}

/**
 * 'Create project': on success the dialog stays open with the toast 'Your project has been
 * created.', closes after 2 s and resets. A name the user already has picks that project instead
 * of creating a twin. At the free limit the upgrade prompt shows instead.
 */
export function CreateProjectDialog({ open, onClose, onCreated, initialName }: CreateProjectDialogProps) {
  const { t } = useTranslation();
  const createProject = useCreateProject();
  const { data: projects } = useProjects();
  const [value, setValue] = useState<ProjectFieldsValue>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState(false);
  const [toastShown, setToastShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [upgrade, setUpgrade] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const toastTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (open) setValue({ ...EMPTY, name: initialName ?? '' });
  }, [open, initialName]);
  useEffect(
    () => () => {
      clearTimeout(closeTimer.current);
      clearTimeout(toastTimer.current);
    },
    [],
  );

  const reset = () => {
    clearTimeout(closeTimer.current);
    clearTimeout(toastTimer.current);
    setToastShown(false);
    setValue(EMPTY);
    setCreated(false);
    setBusy(false);
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = value.name.trim();
    if (!name || busy || created) return;
    const existing = findByName(projects ?? [], name);
    if (existing) {
      onCreated?.(existing);
      close();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const project = await createProject({ name, description: value.description.trim() });
      setCreated(true);
      // The toast lives inside the modal dialog: the page's own toasts sit under the dialog's backdrop.
      setToastShown(true);
      toastTimer.current = setTimeout(() => setToastShown(false), TOAST_MS);
      onCreated?.(project);
      closeTimer.current = setTimeout(close, CLOSE_AFTER_MS);
    } catch (err) {
      const message = upgradeMessageFor(err);
      if (message) {
        reset();
        onClose();
        setUpgrade(message);
      } else {
        setError(err instanceof Error ? errorMessage(err) : t('projects.createFailed'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog open={open} onClose={close} title={t('projects.create')} className="project-dialog">
        <form onSubmit={submit}>
          <ProjectFields value={value} onChange={setValue} />
          {error ? (
            <p role="alert" className="form-error">
              {error}
            </p>
          ) : null}
          <div className="dialog-toast" role="status" aria-live="polite">
            {toastShown ? <div className="toast">{t('projects.created')}</div> : null}
          </div>
          <div className="dialog-actions">
            <Button variant="secondary" onClick={close}>
              {t('common.close')}
            </Button>
            <Button type="submit" disabled={busy || created}>
              {t('projects.createButton')}
            </Button>
          </div>
        </form>
      </Dialog>
      <UpgradePrompt open={upgrade !== null} onClose={() => setUpgrade(null)} message={upgrade ?? ''} />
    </>
  );
}
