import { EXPENSE_CATEGORIES, type ExpenseCategory } from '@contract/enums';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n';
import { catalogueWords } from '@/i18n/catalogue-words';
import { Field } from './Field';
import { ValueOptions } from './ValueOptions';

/** The message of each expense category. */
const CATEGORY_KEYS = catalogueWords('expenseCategory', EXPENSE_CATEGORIES);

/** An expense category's name in the app's language. */
export const expenseCategoryName = (t: TFunction, category: ExpenseCategory): string =>
  t(CATEGORY_KEYS[category]);

export interface ExpenseCategoryFieldProps {
  value: ExpenseCategory;
  onChange: (category: ExpenseCategory) => void;
}

/** 'Category': a select of the expense categories by their translated names. */
export function ExpenseCategoryField({ value, onChange }: ExpenseCategoryFieldProps) {
  const { t } = useTranslation();
  return (
    <Field label={t('entry.category')}>
      <select value={value} onChange={(e) => onChange(e.target.value as ExpenseCategory)}>
        <ValueOptions values={EXPENSE_CATEGORIES} name={(c) => expenseCategoryName(t, c)} />
      </select>
    </Field>
  );
}
