import type { ExpenseCategory } from '@contract/enums';
import { type FormEvent, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { DecimalField, ExpenseCategoryField, Field, useNumberLocale, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { parseDecimal } from '@/lib/decimal';
import { isoOfDay, toIsoDay } from '@/lib/format';
import { paths } from '@/lib/paths';
import {
  FINANCE_ENTRIES,
  type FinanceActivity,
  type FinanceActivityInput,
  useCreateEntry,
  useTaskSuggestions,
  useUpdateEntry,
} from '../api/entries';
import { useReceiptUploads } from '../hooks/use-receipt-uploads';
import { amountToSend, amountToShow } from '../lib/amount';
import { DayField, type EntryDraft, EntryFormEnd, TaskFields, useEntryState } from './EntryForm';
import { useEntryAction } from './entry-action';
import { FinanceReceipts } from './FinanceReceipts';
import type { ProjectPickerComponent } from './types';

interface Draft extends EntryDraft {
  amount: string;
  vatAmount: string;
  category: ExpenseCategory;
  notes: string;
}

const emptyDraft = (): Draft => ({
  activity: '',
  description: '',
  day: toIsoDay(new Date()),
  amount: '',
  vatAmount: '',
  category: 'other',
  notes: '',
});

const draftOf = (a: FinanceActivity, locale: string): Draft => ({
  activity: a.activity,
  description: a.description,
  day: a.date.slice(0, 10),
  amount: amountToShow(a.amount, a.expense, locale),
  vatAmount: a.vatAmount ? amountToShow(a.vatAmount, false, locale) : '',
  category: a.category ?? 'other',
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
  const uploads = useReceiptUploads();
  const { projectId, setProjectId, draft, set, save, submit, index } = useFinanceEntry(
    activity,
    initialProjectId,
    expense,
    uploads,
  );
  const title = editing ? t('entry.editFinance') : expense ? t('entry.trackExpense') : t('entry.trackIncome');

  return (
    <form className="card entry-form" onSubmit={submit} aria-labelledby="finance-form-title">
      <h1 id="finance-form-title">{title}</h1>
      <ProjectPicker value={projectId} onChange={setProjectId} />
      <TaskFields index={index} projectId={projectId} value={draft} onChange={set} />
      <div className="field-row">
        <DayField value={draft.day} onChange={(day) => set({ day })} />
        <DecimalField
          label={expense ? t('entry.amountExpense') : t('entry.amount')}
          negative
          value={draft.amount}
          onChange={(amount) => set({ amount })}
        />
        <DecimalField
          label={expense ? t('entry.vatPaid') : t('entry.vatCharged')}
          hint={t('entry.vatHint')}
          value={draft.vatAmount}
          onChange={(vatAmount) => set({ vatAmount })}
        />
      </div>
      {expense ? (
        <ExpenseCategoryField value={draft.category} onChange={(category) => set({ category })} />
      ) : null}
      <Field label={t('entry.notes')}>
        <textarea
          rows={3}
          maxLength={2000}
          value={draft.notes}
          onChange={(e) => set({ notes: e.target.value })}
        />
      </Field>
      <FinanceReceipts activity={activity} uploads={uploads} />
      <EntryFormEnd
        save={save}
        submitLabel={editing ? t('common.save') : t('entry.saveAndClose')}
        closeLabel={editing ? t('common.close') : t('common.cancel')}
        editing={editing}
        projectId={projectId}
      />
    </form>
  );
}

/** The income or expense form's state and its save: create (then home) or update (then the project). */
function useFinanceEntry(
  activity: FinanceActivity | undefined,
  initialProjectId: string | undefined,
  expense: boolean,
  uploads: ReturnType<typeof useReceiptUploads>,
) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const createFinanceActivity = useCreateEntry(FINANCE_ENTRIES);
  const updateFinanceActivity = useUpdateEntry(FINANCE_ENTRIES);
  const { index } = useTaskSuggestions(FINANCE_ENTRIES);
  const locale = useNumberLocale();
  const draftInFormat = useCallback((a: FinanceActivity) => draftOf(a, locale), [locale]);
  const { projectId, setProjectId, draft, setDraft, entryId, nextEntry } = useEntryState(
    activity,
    initialProjectId,
    draftInFormat,
    emptyDraft,
  );
  const save = useEntryAction((reason) =>
    reason ? t('entry.saveFailedReason', { reason }) : t('entry.saveFailed'),
  );

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (save.busy || !projectId) return;
    const amount = amountToSend(draft.amount, locale);
    if (amount === null) {
      save.setError(t('entry.amountInvalid'));
      return;
    }
    // VAT is never negative: unlike the amount, a minus sign is refused, not dropped.
    const vatAmount = draft.vatAmount.trim() === '' ? 0 : parseDecimal(draft.vatAmount, locale);
    if (vatAmount === null) {
      save.setError(t('entry.vatInvalid'));
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
      vatAmount,
      category: expense ? draft.category : null,
    };
    await save.run(async () => {
      if (activity) {
        await updateFinanceActivity(activity._id, input, activity.projectId);
        toast.show(t('entry.financeSaved'), 1500);
        navigate(paths.projectDetails(projectId));
      } else {
        await createFinanceActivity({ ...input, _id: entryId });
        const problems = await uploads.uploadAll(projectId, entryId);
        nextEntry();
        if (problems.length > 0) {
          // Saved, but a receipt is missing: the entry's page is where it can be added again.
          toast.show(t('receipts.savedWithout', { problem: problems[0] }), 8000);
          navigate(paths.projectDetails(projectId));
          return;
        }
        // Income and expense each have their own confirmation toast.
        toast.show(expense ? t('entry.expenseTracked') : t('entry.incomeTracked'), 1500);
        navigate(paths.home);
      }
    });
  };
  return { projectId, setProjectId, draft, set, save, submit, index };
}
