import type { TFunction } from 'i18next';
import { useTranslation } from '../i18n';
import { Field } from './Field';

interface TextFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Defaults to the plain 'Email' / 'Password'. */
  label?: string;
}

/** An email address field (sign-up, log-in, reset, changing the address). */
export function EmailField({ value, onChange, error, label }: TextFieldProps) {
  const { t } = useTranslation();
  return (
    <Field label={label ?? t('auth.email')} error={error}>
      <input type="email" autoComplete="email" value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

/** A password field: the one the person has ('current-password') or a new one ('new-password'). */
export function PasswordField({
  value,
  onChange,
  error,
  label,
  autoComplete,
}: TextFieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  const { t } = useTranslation();
  return (
    <Field label={label ?? t('auth.password')} error={error}>
      <input
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

export interface NewPassword {
  password: string;
  password2: string;
}

export type NewPasswordErrors = Partial<Record<keyof NewPassword, string>>;

/** A new password is required and its repeat must match; checked before anything is sent. */
export function newPasswordErrors({ password, password2 }: NewPassword, t: TFunction): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!password) errors.password = t('validation.passwordRequired');
  if (password !== password2) errors.password2 = t('validation.passwordsMatch');
  return errors;
}

/** 'New password' and its repeat (the reset screen and the settings word the repeat differently). */
export function NewPasswordFields({
  value,
  onChange,
  errors,
  repeatLabel,
}: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  errors: NewPasswordErrors;
  repeatLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('reset.newPassword')}
        autoComplete="new-password"
        value={value.password}
        onChange={(password) => onChange({ ...value, password })}
        error={errors.password}
      />
      <PasswordField
        label={repeatLabel}
        autoComplete="new-password"
        value={value.password2}
        onChange={(password2) => onChange({ ...value, password2 })}
        error={errors.password2}
      />
    </>
  );
}
