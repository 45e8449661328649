import { Field } from '@/components';
import { useTranslation } from '@/i18n';
import { DurationInput } from './DurationInput';

export interface TimeRange {
  /** 'hh:mm' or '' */
  start: string;
  /** 'hh:mm' or '' */
  end: string;
  /** Milliseconds. */
  duration: number;
}

export interface TimeRangeFieldsProps {
  value: TimeRange;
  /** With both times set the duration is end − start: shown, not typed. */
  durationFromTimes: boolean;
  onChange: (patch: Partial<TimeRange>) => void;
}

/** Start, End and Duration of a time entry (the track and edit form, the timesheet's edit in place). */
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
