import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { upgradeMessageFor, useDecimalReader } from '@/components';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/error-text';
import { useCreateProject } from '../api/create-project';
import { type Project, useProjects } from '../api/get-projects';
import { billingOfFields, EMPTY_PROJECT_FIELDS, type ProjectFieldsValue } from '../components/ProjectFields';
import { findByName } from '../lib/sort';

/** The dialog stays open after a creation and closes this long after it, so the creator sees the confirmation. */
const CLOSE_AFTER_MS = 2000;
const TOAST_MS = 1500;

const EMPTY: ProjectFieldsValue = EMPTY_PROJECT_FIELDS;

/** The body of POST /api/projects for the dialog's fields (the name already trimmed; the rate read). */
const newProjectBody = (name: string, value: ProjectFieldsValue, hourlyRate: number | undefined) => ({
  name,
  description: value.description.trim(),
  ...billingOfFields(value),
  ...(hourlyRate === undefined ? {} : { hourlyRate }),
});

interface Options {
  open: boolean;
  onClose: () => void;
  onCreated?: (project: Project) => void;
  initialName?: string;
}

/** The dialog's two timers (the toast's and the closing's), cleared when it unmounts. */
function useDialogTimers() {
  const close = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const toast = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(close.current);
    clearTimeout(toast.current);
  }, []);
  useEffect(() => clear, [clear]);
  return { close, toast, clear };
}

/** The hourly rate, asked for at once (issue 34, item 12): optional, as typed in the user's format. */
function useRateField(open: boolean) {
  const [rate, setRate] = useState('');
  const read = useDecimalReader();
  useEffect(() => {
    if (open) setRate('');
  }, [open]);
  return { rate, setRate, read: () => read(rate) };
}

/** The create dialog's state: the fields, the confirmation shown in the dialog, and the upgrade prompt. */
export function useCreateProjectDialog({ open, onClose, onCreated, initialName }: Options) {
  const { t } = useTranslation();
  const createProject = useCreateProject();
  const { data: projects } = useProjects();
  const [value, setValue] = useState<ProjectFieldsValue>(EMPTY);
  const { rate, setRate, read: readRate } = useRateField(open);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState(false);
  const [toastShown, setToastShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [upgrade, setUpgrade] = useState<string | null>(null);
  const timers = useDialogTimers();

  useEffect(() => {
    if (open) setValue({ ...EMPTY, name: initialName ?? '' });
  }, [open, initialName]);
  const close = () => {
    timers.clear();
    setToastShown(false);
    setValue(EMPTY);
    setRate('');
    setCreated(false);
    setBusy(false);
    setError(null);
    onClose();
  };
  const create = async (name: string, hourlyRate: number | undefined) => {
    setBusy(true);
    setError(null);
    try {
      const project = await createProject(newProjectBody(name, value, hourlyRate));
      setCreated(true);
      // The toast lives inside the modal dialog: the page's own toasts sit under the dialog's backdrop.
      setToastShown(true);
      timers.toast.current = setTimeout(() => setToastShown(false), TOAST_MS);
      onCreated?.(project);
      timers.close.current = setTimeout(close, CLOSE_AFTER_MS);
    } catch (err) {
      const message = upgradeMessageFor(err);
      if (message) {
        close();
        setUpgrade(message);
      } else {
        setError(err instanceof Error ? errorMessage(err) : t('projects.createFailed'));
      }
    } finally {
      setBusy(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = value.name.trim();
    if (!name || busy || created) return;
    const hourlyRate = readRate();
    if (hourlyRate === null) return setError(t('projects.rateInvalid'));
    // A name the user already has picks that project instead of creating a twin.
    const existing = findByName(projects ?? [], name);
    if (existing) {
      onCreated?.(existing);
      close();
      return;
    }
    await create(name, hourlyRate);
  };

  return {
    value,
    setValue,
    rate,
    setRate,
    busy,
    created,
    toastShown,
    error,
    upgrade,
    setUpgrade,
    close,
    submit,
  };
}
