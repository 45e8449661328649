import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/Button';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { paths } from '@/lib/paths';
import { useTitle } from '@/lib/use-title';
import { resetPassword } from './api/reset-password';
import { Field } from './Field';

interface Errors {
  email?: string;
  password?: string;
  password2?: string;
}

/** `/resetpassword/:token`: email, new password and its repeat. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  useTitle(t('reset.title'));
  const { token = '' } = useParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(undefined);
    const next: Errors = {};
    if (!email.trim()) next.email = t('validation.emailRequired');
    if (!password) next.password = t('validation.passwordRequired');
    if (password !== password2) next.password2 = t('validation.passwordsMatch');
    setErrors(next);
    // Unlike the original, an invalid form is not sent: the server would refuse it anyway and
    // the person sees the reason at once.
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await resetPassword({ email: email.trim(), password, password2, resetToken: token });
      setDone(true);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.title')}</h1>
      {done ? (
        <div>
          <p className="form-success" role="status">
            {t('reset.done')}
          </p>
          <p>
            <Link to={paths.login}>{t('reset.logIn')}</Link>
          </p>
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate aria-label={t('reset.title')}>
          {failure ? (
            <p className="form-error" role="alert">
              {failure}
            </p>
          ) : null}
          <Field
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <Field
            label={t('reset.newPassword')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <Field
            label={t('reset.repeat')}
            type="password"
            autoComplete="new-password"
            value={password2}
            onChange={(e) => setPassword2(e.target.value)}
            error={errors.password2}
          />
          <div className="form-actions">
            <Button type="submit" disabled={busy}>
              {t('reset.title')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
