import type { ProjectUpdateBody } from '@contract/projects';
import { type FormEvent, useEffect, useState } from 'react';
import { DecimalField, Field, FormError, SubmitRow, useNumberLocale, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { parseDecimal } from '@/lib/decimal';
import { errorMessage } from '@/lib/error-text';
import type { Project } from '../api/get-projects';
import { useUpdateProject } from '../api/update-project';

type Kind = 'none' | 'hours' | 'money';
type Period = 'total' | 'monthly';

interface Draft {
  kind: Kind;
  amount: string;
  period: Period;
  target: string;
}

const draftOf = (p: Project): Draft => ({
  kind: p.budget?.kind ?? 'none',
  amount: p.budget ? String(p.budget.amount) : '',
  period: p.budget?.period ?? 'monthly',
  target: p.targetHourlyRate === null ? '' : String(p.targetHourlyRate),
});

/** A positive number with at most 2 decimals in the user's number format; undefined otherwise. */
function positive(text: string, locale: string): number | undefined {
  const value = parseDecimal(text, locale);
  return value === null || value === 0 ? undefined : value;
}

/** The body the draft makes, or the key of what is wrong with it. */
function bodyOf(
  d: Draft,
  locale: string,
): { body: ProjectUpdateBody } | { invalid: 'budget.targetInvalid' | 'budget.amountInvalid' } {
  const target = d.target.trim() === '' ? null : positive(d.target, locale);
  if (target === undefined) return { invalid: 'budget.targetInvalid' };
  if (d.kind === 'none') return { body: { budget: null, targetHourlyRate: target } };
  const amount = positive(d.amount, locale);
  if (amount === undefined) return { invalid: 'budget.amountInvalid' };
  return { body: { budget: { kind: d.kind, amount, period: d.period }, targetHourlyRate: target } };
}

/** 'Budget and target rate': a budget in hours or money, per month or in total, and a target hourly rate. */
export function BudgetForm({ project }: { project: Project }) {
  const { t } = useTranslation();
  const updateProject = useUpdateProject();
  const toast = useToast();
  const locale = useNumberLocale();
  const [draft, setDraft] = useState<Draft>(() => draftOf(project));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  // A different project or a fresh server copy resets the form.
  useEffect(() => setDraft(draftOf(project)), [project]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const made = bodyOf(draft, locale);
    if ('invalid' in made) return setError(t(made.invalid));
    setBusy(true);
    setError(null);
    try {
      await updateProject(project._id, made.body);
      toast.show(t('budget.saved'), 1500);
    } catch (err) {
      setError(err instanceof Error ? errorMessage(err) : t('projects.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card project-form" onSubmit={submit} aria-labelledby="budget-title">
      <h2 id="budget-title">{t('budget.title')}</h2>
      <Field label={t('budget.kind')}>
        <select value={draft.kind} onChange={(e) => set({ kind: e.target.value as Kind })}>
          <option value="none">{t('budget.none')}</option>
          <option value="hours">{t('budget.kindHours')}</option>
          <option value="money">{t('budget.kindMoney')}</option>
        </select>
      </Field>
      {draft.kind === 'none' ? null : (
        <>
          <DecimalField
            label={t(draft.kind === 'hours' ? 'budget.amountHours' : 'budget.amountMoney')}
            value={draft.amount}
            onChange={(amount) => set({ amount })}
          />
          <Field label={t('budget.period')}>
            <select value={draft.period} onChange={(e) => set({ period: e.target.value as Period })}>
              <option value="monthly">{t('budget.periodMonthly')}</option>
              <option value="total">{t('budget.periodTotal')}</option>
            </select>
          </Field>
        </>
      )}
      <DecimalField
        label={t('budget.target')}
        hint={t('budget.targetHint')}
        placeholder={t('budget.noTarget')}
        value={draft.target}
        onChange={(target) => set({ target })}
      />
      <FormError>{error}</FormError>
      <SubmitRow label={t('budget.save')} disabled={busy} />
    </form>
  );
}
