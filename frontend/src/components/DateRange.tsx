import { useId } from 'react';
import { useTranslation } from '../i18n';
import type { DateRangeValue } from '../lib/date-range';
import { QuickRanges } from './QuickRanges';

export interface DateRangeProps {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** Accessible name of the group, e.g. 'Date range'. */
  label?: string;
  /** Quick ranges beside the fields (this month … since the first entry of `projectId`, or of any project). */
  quickRanges?: { projectId?: string };
}

/** A labelled from/to pair of date inputs (an emptied field keeps the previous day), with quick ranges where asked. */
export function DateRange({ value, onChange, label, quickRanges }: DateRangeProps) {
  const { t } = useTranslation();
  const fromId = useId();
  const toId = useId();
  return (
    <div className="date-range-row">
      <fieldset className="date-range">
        <legend className="visually-hidden">{label ?? t('dateRange.label')}</legend>
        <label htmlFor={fromId}>{t('dateRange.from')}</label>
        <input
          id={fromId}
          type="date"
          value={value.from}
          max={value.to || undefined}
          onChange={(e) => {
            if (e.target.value) onChange({ ...value, from: e.target.value });
          }}
        />
        <label htmlFor={toId}>{t('dateRange.to')}</label>
        <input
          id={toId}
          type="date"
          value={value.to}
          min={value.from || undefined}
          onChange={(e) => {
            if (e.target.value) onChange({ ...value, to: e.target.value });
          }}
        />
      </fieldset>
      {quickRanges ? <QuickRanges projectId={quickRanges.projectId} onChange={onChange} /> : null}
    </div>
  );
}
