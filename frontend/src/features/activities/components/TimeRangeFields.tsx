import { Field } from '@/components';
import { useTranslation } from '@/i18n';
import type { TimeRange } from '../lib/time-entry';
import { DurationInput } from './DurationInput';

export type { TimeRange };

export interface TimeRangeFieldsProps {
  value: TimeRange;
  /** With both times set the duration is end − start: shown, not typed. */
  durationFromTimes: boolean;
  onChange: (patch: Partial<TimeRange>) => void;
}

/**
 * Start, End (with "+1 day" for an end after midnight) and Duration of a time entry: the track and
 * edit form and the timesheet's edit in place.
 */
export function TimeRangeFields({ value, durationFromTimes, onChange }: TimeRangeFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('entry.start')}>
        <input type="time" value={value.start} onChange={(e) => onChange({ start: e.target.value })} />
      </Field>
      <Field label={t('entry.end')}>
        <input type="time" value={value.end} onChange={(e) => onChange({ end: e.target.value })} />
      </Field>
      <Field label={t('daily.nextDay')} layout="check" hint={t('daily.nextDayHint')}>
        <input
          type="checkbox"
          checked={value.nextDay}
          onChange={(e) => onChange({ nextDay: e.target.checked })}
        />
      </Field>
      <DurationInput
        label={t('entry.duration')}
        value={value.duration}
        readOnly={durationFromTimes}
        hint={durationFromTimes ? t('entry.endMinusStart') : undefined}
        onChange={(duration) => onChange({ duration })}
      />
    </>
  );
}
