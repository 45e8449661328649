import { type FormEvent, useEffect, useState } from 'react';
import { CodeField, EmailField, FormError, PasswordField, SubmitRow } from '@/components';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';

interface Errors {
  email?: string;
  password?: string;
  code?: string;
}

/**
 * Email and password; nothing is sent until both are filled. For an account with two-factor
 * sign-in on, the server asks for the code (`TWO_FACTOR_REQUIRED`) and the form asks the person.
 */
export function LoginForm() {
  const { login, error, clearError } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
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
    if (needsCode && !code.trim()) next.code = t('twoFactor.codeRequired');
    setErrors(next);
    if (next.email || next.password || next.code) return;
    setBusy(true);
    const outcome = await login(email.trim(), password, needsCode ? code.trim() : undefined);
    setBusy(false);
    if (outcome === 'code-required') setNeedsCode(true);
    if (outcome === 'failed' && needsCode) setCode('');
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
      {needsCode ? (
        <>
          <p role="status">{t('twoFactor.loginPrompt')}</p>
          <CodeField value={code} onChange={setCode} error={errors.code} />
        </>
      ) : null}
      <SubmitRow label={t('auth.logIn')} disabled={busy} />
    </form>
  );
}
