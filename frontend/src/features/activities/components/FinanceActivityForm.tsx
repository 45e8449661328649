import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ulid } from 'ulid';
import { Button, UpgradePrompt, upgradeMessageFor, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { isoOfDay, toIsoDay } from '@/lib/format';
import { paths } from '@/lib/paths';
import { type FinanceActivityInput, useCreateFinanceActivity } from '../api/create-finance-activity';
import type { FinanceActivity } from '../api/get-finance-activities';
import { useFinanceTaskList } from '../api/get-finance-task-list';
import { useUpdateFinanceActivity } from '../api/update-finance-activity';
import { amountToSend, amountToShow } from '../lib/amount';
import { subTasksOf, tasksOf } from '../lib/task-suggestions';
import { SuggestInput } from './SuggestInput';
import type { ProjectPickerComponent } from './types';

/** Confirmations; the expense one says 'income' too, as the specification describes. */

interface Draft {
  activity: string;
  description: string;
  day: string;
  amount: string;
  notes: string;
}

const draftOf = (a: FinanceActivity): Draft => ({
  activity: a.activity,
  description: a.description,
  day: a.date.slice(0, 10),
  amount: amountToShow(a.amount, a.expense),
  notes: a.notes ?? '',
});

export interface FinanceActivityFormProps {
  ProjectPicker: ProjectPickerComponent;
  /** Tracking: which side the new entry is on. Ignored when editing (the entry says). */
  kind?: 'income' | 'expense';
  initialProjectId?: string;
  /** Edit mode: the entry being edited. */
  activity?: FinanceActivity;
}

/**
 * 'Track an income for a project' / 'Track an expense for a project' ('Save and close', 'Cancel';
 * after the save the user goes to /home) and 'Edit a financial activity' ('Save', 'Close').
 */
export function FinanceActivityForm({
  ProjectPicker,
  kind = 'income',
  initialProjectId,
  activity,
}: FinanceActivityFormProps) {
  const { t } = useTranslation();
  const editing = activity !== undefined;
  const expense = activity ? activity.expense : kind === 'expense';
  const toast = useToast();
  const navigate = useNavigate();
  const createFinanceActivity = useCreateFinanceActivity();
  // One id per new entry, kept across failed attempts, so a retry can never count it twice.
  const [entryId, setEntryId] = useState(() => ulid());
  const updateFinanceActivity = useUpdateFinanceActivity();
  const { index } = useFinanceTaskList();
  const ids = { day: useId(), amount: useId(), notes: useId() };
  const [projectId, setProjectId] = useState<string | undefined>(activity?.projectId ?? initialProjectId);
  const [draft, setDraft] = useState<Draft>(() =>
    activity
      ? draftOf(activity)
      : { activity: '', description: '', day: toIsoDay(new Date()), amount: '', notes: '' },
  );
  const [error, setError] = useState<string | null>(null);
  const [upgrade, setUpgrade] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (activity) {
      setDraft(draftOf(activity));
      setProjectId(activity.projectId);
    }
  }, [activity]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const tasks = useMemo(() => tasksOf(index, projectId), [index, projectId]);
  const subTasks = useMemo(
    () => subTasksOf(index, projectId, draft.activity),
    [index, projectId, draft.activity],
  );

  const title = editing ? t('entry.editFinance') : expense ? t('entry.trackExpense') : t('entry.trackIncome');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !projectId) return;
    const amount = amountToSend(draft.amount);
    if (amount === null) {
      setError(t('entry.amountInvalid'));
      return;
    }
    const input: FinanceActivityInput = {
      projectId,
      activity: draft.activity.trim(),
      description: draft.description.trim(),
      date: isoOfDay(draft.day || toIsoDay(new Date())),
      amount,
      expense,
      notes: draft.notes.trim(),
    };
    setBusy(true);
    setError(null);
    try {
      if (activity) {
        await updateFinanceActivity(activity._id, input, activity.projectId);
        toast.show(t('entry.financeSaved'), 1500);
        navigate(paths.projectDetails(projectId));
      } else {
        await createFinanceActivity({ ...input, _id: entryId });
        setEntryId(ulid());
        toast.show(expense ? t('entry.expenseTracked') : t('entry.incomeTracked'), 1500);
        navigate(paths.home);
      }
    } catch (err) {
      const message = upgradeMessageFor(err);
      if (message) setUpgrade(message);
      else
        setError(
          err instanceof Error && err.message
            ? t('entry.saveFailedReason', { reason: errorMessage(err) })
            : t('entry.saveFailed'),
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card entry-form" onSubmit={submit} aria-labelledby="finance-form-title">
      <h1 id="finance-form-title">{title}</h1>
      <ProjectPicker value={projectId} onChange={setProjectId} />
      <SuggestInput
        label={t('entry.task')}
        name="activity"
        value={draft.activity}
        onChange={(v) => set({ activity: v })}
        suggestions={tasks}
      />
      <SuggestInput
        label={t('entry.subTask')}
        name="description"
        value={draft.description}
        onChange={(v) => set({ description: v })}
        suggestions={subTasks}
      />
      <div className="field-row">
        <div className="field">
          <label htmlFor={ids.day}>{t('entry.date')}</label>
          <input
            id={ids.day}
            type="date"
            required
            value={draft.day}
            onChange={(e) => set({ day: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.amount}>{expense ? t('entry.amountExpense') : t('entry.amount')}</label>
          <input
            id={ids.amount}
            type="number"
            inputMode="decimal"
            step="0.01"
            value={draft.amount}
            onChange={(e) => set({ amount: e.target.value })}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.notes}>{t('entry.notes')}</label>
        <textarea
          id={ids.notes}
          rows={3}
          maxLength={2000}
          value={draft.notes}
          onChange={(e) => set({ notes: e.target.value })}
        />
      </div>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          {editing ? t('common.save') : t('entry.saveAndClose')}
        </Button>
        <Link
          className="btn btn-secondary"
          to={editing && projectId ? paths.projectDetails(projectId) : paths.home}
        >
          {editing ? t('common.close') : t('common.cancel')}
        </Link>
      </div>
      <UpgradePrompt open={upgrade !== null} onClose={() => setUpgrade(null)} message={upgrade ?? ''} />
    </form>
  );
}
