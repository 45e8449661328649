import type { TaxPeriod, VatBasis } from '@contract/enums';
import { VAT_BASES } from '@contract/enums';
import { Field, ValueOptions } from '@/components';
import { useTranslation } from '@/i18n';
import { PERIOD_GROUPS, type TaxChoice, yearOptions } from '../lib/periods';
import { BASIS_CHOICE_WORDS, BASIS_WORDS, PERIOD_WORDS } from '../lib/words';

export interface PeriodPickerProps {
  choice: TaxChoice;
  /** The user's setting, named in the basis' hint. */
  userBasis: VatBasis;
  onChange: (choice: TaxChoice) => void;
}

/** The year, the period of it (the year, a quarter or a month) and the basis of the view. */
export function PeriodPicker({ choice, userBasis, onChange }: PeriodPickerProps) {
  const { t } = useTranslation();
  const options = (periods: readonly TaxPeriod[]) => (
    <ValueOptions values={periods} name={(p) => t(PERIOD_WORDS[p])} />
  );
  return (
    <section className="card tax-controls" aria-labelledby="tax-controls">
      <h2 id="tax-controls" className="visually-hidden">
        {t('tax.controls')}
      </h2>
      <div className="form-row">
        <Field label={t('tax.year')}>
          <select value={choice.year} onChange={(e) => onChange({ ...choice, year: Number(e.target.value) })}>
            {yearOptions(new Date(), choice.year).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('tax.period')}>
          <select
            value={choice.period}
            onChange={(e) => onChange({ ...choice, period: e.target.value as TaxPeriod })}
          >
            {options(PERIOD_GROUPS.year)}
            <optgroup label={t('tax.quarters')}>{options(PERIOD_GROUPS.quarters)}</optgroup>
            <optgroup label={t('tax.months')}>{options(PERIOD_GROUPS.months)}</optgroup>
          </select>
        </Field>
        <Field label={t('tax.basisLabel')} hint={t('tax.basisHint', { basis: t(BASIS_WORDS[userBasis]) })}>
          <select
            value={choice.basis}
            onChange={(e) => onChange({ ...choice, basis: e.target.value as VatBasis })}
          >
            <ValueOptions values={VAT_BASES} name={(b) => t(BASIS_CHOICE_WORDS[b])} />
          </select>
        </Field>
      </div>
    </section>
  );
}
