import { WEEK_STARTS, type WeekStart } from '@contract/enums';
import { Field } from '@/components';
import { useTranslation } from '@/i18n';

export interface WeekStartFieldProps {
  value: WeekStart;
  disabled: boolean;
  onChange: (weekStart: WeekStart) => void;
}

/** The day weeks start on (Monday unless chosen): the timesheet's week and the charts' weeks follow. */
export function WeekStartField({ value, disabled, onChange }: WeekStartFieldProps) {
  const { t } = useTranslation();
  const names: Record<WeekStart, string> = {
    monday: t('daily.weekdays.monday'),
    sunday: t('daily.weekdays.sunday'),
    saturday: t('daily.weekdays.saturday'),
  };
  return (
    <Field label={t('daily.weekStart')} hint={t('daily.weekStartHint')}>
      <select value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as WeekStart)}>
        {WEEK_STARTS.map((day) => (
          <option key={day} value={day}>
            {names[day]}
          </option>
        ))}
      </select>
    </Field>
  );
}
