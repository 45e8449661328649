import { type FormEvent, useEffect, useState } from 'react';
import { EmailField, FormError, PasswordField, SubmitRow } from '@/components';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';

interface Errors {
  email?: string;
  password?: string;
}

/** Email and password; nothing is sent until both are filled. */
export function LoginForm() {
  const { login, error, clearError } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();

  // The server's raw 'Invalid Credentials' is never shown; the screens clear stale errors.
  useEffect(() => {
    if (error === 'Invalid Credentials') clearError();
  }, [error, clearError]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {};
    if (!email.trim()) next.email = t('validation.emailRequired');
    if (!password) next.password = t('validation.passwordRequired');
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    await login(email.trim(), password);
    setBusy(false);
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('auth.logIn')}>
      <FormError>{error}</FormError>
      <EmailField value={email} onChange={setEmail} error={errors.email} />
      <PasswordField
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <SubmitRow label={t('auth.logIn')} disabled={busy} />
    </form>
  );
}
