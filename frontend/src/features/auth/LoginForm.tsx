import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/Button';
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
  const emailId = useId();
  const passwordId = useId();
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
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={emailId}>{t('auth.email')}</label>
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${emailId}-error` : undefined}
        />
        {errors.email ? (
          <p id={`${emailId}-error`} className="field-error">
            {errors.email}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={passwordId}>{t('auth.password')}</label>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${passwordId}-error` : undefined}
        />
        {errors.password ? (
          <p id={`${passwordId}-error`} className="field-error">
            {errors.password}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          {t('auth.logIn')}
        </Button>
      </div>
    </form>
  );
}
