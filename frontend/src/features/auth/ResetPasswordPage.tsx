import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  EmailField,
  FormError,
  type NewPassword,
  type NewPasswordErrors,
  NewPasswordFields,
  newPasswordErrors,
  SubmitRow,
} from '@/components';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/error-text';
import { paths, ROUTES } from '@/lib/paths';
import { useRouteParam } from '@/lib/use-route-param';
import { useTitle } from '@/lib/use-title';
import { resetPassword } from './api/reset-password';

type Errors = NewPasswordErrors & { email?: string };

/** `/resetpassword/:token`: email, new password and its repeat. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  useTitle(t('reset.title'));
  const token = useRouteParam(ROUTES.resetPassword);
  const [email, setEmail] = useState('');
  const [passwords, setPasswords] = useState<NewPassword>({ password: '', password2: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(undefined);
    const next: Errors = newPasswordErrors(passwords, t);
    if (!email.trim()) next.email = t('validation.emailRequired');
    setErrors(next);
    // Unlike the original, an invalid form is not sent: the server would refuse it anyway and
    // the person sees the reason at once.
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await resetPassword({ email: email.trim(), ...passwords, resetToken: token });
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
          <FormError>{failure}</FormError>
          <EmailField value={email} onChange={setEmail} error={errors.email} />
          <NewPasswordFields
            value={passwords}
            onChange={setPasswords}
            errors={errors}
            repeatLabel={t('reset.repeat')}
          />
          <SubmitRow label={t('reset.title')} disabled={busy} />
        </form>
      )}
    </section>
  );
}
