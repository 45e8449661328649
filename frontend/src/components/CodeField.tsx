import { useTranslation } from '../i18n';
import { Field } from './Field';

/**
 * The code of two-factor sign-in: the 6 digits an authenticator app shows, or a recovery code
 * (letters and digits), so the keyboard stays a text one; browsers may offer a code they received.
 */
export function CodeField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('twoFactor.codeLabel')} hint={hint ?? t('twoFactor.codeHint')} error={error}>
      <input
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
