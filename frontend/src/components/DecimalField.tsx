import { useCallback } from 'react';
import { useTranslation } from '../i18n';
import { useFormatPrefs } from '../lib/auth';
import { type DecimalOptions, formatDecimal, parseDecimal } from '../lib/decimal';
import { Field } from './Field';

/** Without a user's own choice, as the rest of the app. */
const DEFAULT_LOCALE = 'en-US';

/** The number format typed numbers are read in: the signed-in user's, else en-US. */
export function useNumberLocale(): string {
  return useFormatPrefs().numberFormat ?? DEFAULT_LOCALE;
}

/**
 * Reads typed numbers in the user's number format: what a form calls on submit, the same rule the
 * field shows while typing. Empty text is `undefined` (the field was left empty), unreadable null.
 */
export function useDecimalReader() {
  const locale = useNumberLocale();
  return useCallback(
    (text: string, options?: DecimalOptions): number | null | undefined =>
      text.trim() === '' ? undefined : parseDecimal(text, locale, options),
    [locale],
  );
}

export interface DecimalFieldProps extends DecimalOptions {
  label: string;
  /** What was typed, kept as typed. */
  value: string;
  onChange: (text: string) => void;
  hint?: string;
  placeholder?: string;
  /** A refusal that came after submitting (the field's own reading shows anyway). */
  error?: string | null;
}

/**
 * The one input for money, hours and rates: a text field (a number input drops a comma typed in an
 * English browser, so `59,90` became 5990) that takes both decimal marks as the user's number format
 * reads them, says under it what it understood (`Understood as 59.90`), and says so when it cannot
 * read what was typed.
 */
export function DecimalField({
  label,
  value,
  onChange,
  hint,
  placeholder,
  error,
  ...options
}: DecimalFieldProps) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const decimals = options.decimals ?? 2;
  const typed = value.trim() !== '';
  const read = typed ? parseDecimal(value, locale, options) : null;
  const unreadable = typed && read === null;
  const understood =
    read === null
      ? null
      : t('common.numberUnderstood', { value: formatDecimal(read, locale, decimals, decimals) });
  const shownHint = [hint, understood].filter(Boolean).join(' ');
  const example = formatDecimal(1234.56, locale, decimals, decimals);
  return (
    <Field
      label={label}
      hint={shownHint || undefined}
      error={unreadable ? t('common.numberUnreadable', { example }) : (error ?? undefined)}
    >
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
