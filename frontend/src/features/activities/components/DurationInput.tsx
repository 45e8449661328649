import { useEffect, useId, useRef, useState } from 'react';
import { useNumberLocale } from '@/components';
import { useTranslation } from '@/i18n';
import { formatDuration } from '@/lib/format';
import { parseDuration } from '../lib/time-entry';

export interface DurationInputProps {
  label: string;
  /** Milliseconds. */
  value: number;
  onChange: (ms: number) => void;
  readOnly?: boolean;
  hint?: string;
}

/**
 * The duration as a 24-hour 'hh:mm' (hours may pass 24 for long entries). A text field, not a
 * time-of-day picker: browsers show those in the visitor's 12-hour clock ('12:00 AM' for nothing).
 */
export function DurationInput({ label, value, onChange, readOnly, hint }: DurationInputProps) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const id = useId();
  const [text, setText] = useState(() => formatDuration(value));
  const [invalid, setInvalid] = useState(false);
  const focused = useRef(false);

  // Changes from outside (end − start, the timer, a reset) show unless the person is typing.
  useEffect(() => {
    if (!focused.current) {
      setText(formatDuration(value));
      setInvalid(false);
    }
  }, [value]);

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('entry.durationPlaceholder')}
        value={text}
        readOnly={readOnly}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        onFocus={() => {
          focused.current = true;
        }}
        onChange={(e) => {
          setText(e.target.value);
          const ms = parseDuration(e.target.value, locale);
          setInvalid(ms === null);
          if (ms !== null) onChange(ms);
        }}
        onBlur={() => {
          focused.current = false;
          const ms = parseDuration(text, locale);
          if (ms !== null) {
            setText(formatDuration(ms));
            setInvalid(false);
          }
        }}
      />
      <small id={`${id}-hint`} className={invalid ? 'field-error' : 'muted'}>
        {invalid ? t('entry.durationInvalid') : (hint ?? t('entry.durationHint'))}
      </small>
    </div>
  );
}
