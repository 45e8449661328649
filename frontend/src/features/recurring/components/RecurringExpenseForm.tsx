import type { ExpenseCategory, RecurrenceInterval } from '@contract/enums';
import { RECURRENCE_INTERVALS } from '@contract/enums';
import type { RecurringExpenseCreateBody } from '@contract/recurring';
import type { Project } from '@contract/responses';
import { type FormEvent, useState } from 'react';
import {
  Button,
  DecimalField,
  ExpenseCategoryField,
  Field,
  FormError,
  SubmitRow,
  useNumberLocale,
  ValueOptions,
} from '@/components';
import { useTranslation } from '@/i18n';
import { formatDecimal, parseDecimal } from '@/lib/decimal';
import { errorMessage } from '@/lib/error-text';
import { toIsoDay } from '@/lib/format';
import type { RecurringExpense } from '../api/recurring-expenses';
import { intervalName } from './interval';

interface Draft {
  projectId: string;
  activity: string;
  amount: string;
  vatAmount: string;
  category: ExpenseCategory;
  interval: RecurrenceInterval;
  startDate: string;
  endDate: string;
}

const emptyDraft = (projectId: string): Draft => ({
  projectId,
  activity: '',
  amount: '',
  vatAmount: '',
  category: 'other',
  interval: 'monthly',
  startDate: toIsoDay(new Date()),
  endDate: '',
});

const draftOf = (r: RecurringExpense, locale: string): Draft => ({
  projectId: r.projectId,
  activity: r.activity,
  amount: formatDecimal(r.amount, locale, 2, 2),
  vatAmount: r.vatAmount ? formatDecimal(r.vatAmount, locale, 2, 2) : '',
  category: r.category,
  interval: r.interval,
  startDate: r.startDate,
  endDate: r.endDate ?? '',
});

export interface RecurringExpenseFormProps {
  projects: Project[];
  /** Edit mode: the rule being edited. */
  rule?: RecurringExpense;
  submitLabel: string;
  onSubmit: (body: RecurringExpenseCreateBody) => Promise<void>;
  onCancel?: () => void;
}

/** The form's state and its submit: the amounts read in the user's number format, the server's refusal in words. */
function useRuleDraft(
  projects: Project[],
  rule: RecurringExpense | undefined,
  onSubmit: RecurringExpenseFormProps['onSubmit'],
) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const [draft, setDraft] = useState<Draft>(() =>
    rule ? draftOf(rule, locale) : emptyDraft(projects[0]?._id ?? ''),
  );
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const projectId = draft.projectId || projects[0]?._id || '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const amount = draft.amount.trim() === '' ? null : parseDecimal(draft.amount, locale);
    const vatAmount = draft.vatAmount.trim() === '' ? 0 : parseDecimal(draft.vatAmount, locale);
    if (amount === null) return setError(t('entry.amountInvalid'));
    if (vatAmount === null) return setError(t('entry.vatInvalid'));
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit({
        projectId,
        activity: draft.activity.trim(),
        amount,
        vatAmount,
        category: draft.category,
        interval: draft.interval,
        startDate: draft.startDate,
        endDate: draft.endDate === '' ? null : draft.endDate,
      });
      if (!rule) setDraft(emptyDraft(projectId));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { draft, set, projectId, error, busy, submit };
}

/**
 * A recurring expense's fields: project, task, amount, VAT, category, how often, from when and
 * (optionally) until when. The server decides what is valid and answers in the user's words.
 */
export function RecurringExpenseForm({
  projects,
  rule,
  submitLabel,
  onSubmit,
  onCancel,
}: RecurringExpenseFormProps) {
  const { t } = useTranslation();
  const { draft, set, projectId, error, busy, submit } = useRuleDraft(projects, rule, onSubmit);
  return (
    <form className="form recurring-form" onSubmit={submit}>
      <Field label={t('recurring.project')}>
        <select value={projectId} onChange={(e) => set({ projectId: e.target.value })} required>
          {projects.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('recurring.task')} hint={t('recurring.taskHint')}>
        <input
          value={draft.activity}
          onChange={(e) => set({ activity: e.target.value })}
          required
          maxLength={200}
        />
      </Field>
      <div className="field-row">
        <DecimalField
          label={t('recurring.amount')}
          value={draft.amount}
          onChange={(amount) => set({ amount })}
        />
        <DecimalField
          label={t('entry.vatPaid')}
          hint={t('entry.vatHint')}
          value={draft.vatAmount}
          onChange={(vatAmount) => set({ vatAmount })}
        />
      </div>
      <ExpenseCategoryField value={draft.category} onChange={(category) => set({ category })} />
      <Field label={t('recurring.interval')}>
        <select
          value={draft.interval}
          onChange={(e) => set({ interval: e.target.value as RecurrenceInterval })}
        >
          <ValueOptions values={RECURRENCE_INTERVALS} name={(i) => intervalName(t, i)} />
        </select>
      </Field>
      <div className="field-row">
        <Field label={t('recurring.startDate')} hint={t('recurring.startDateHint')}>
          <input
            type="date"
            value={draft.startDate}
            onChange={(e) => set({ startDate: e.target.value })}
            required
          />
        </Field>
        <Field label={t('recurring.endDate')} hint={t('recurring.endDateHint')}>
          <input type="date" value={draft.endDate} onChange={(e) => set({ endDate: e.target.value })} />
        </Field>
      </div>
      <FormError>{error}</FormError>
      <SubmitRow label={submitLabel} disabled={busy || projects.length === 0}>
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </SubmitRow>
    </form>
  );
}
