import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmailField, FormError, SubmitRow, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import { useTitle } from '@/lib/use-title';
import { requestPasswordReset } from './api/forgot-password';

/** `/forgotpassword`: asks for a reset link by email. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  useTitle(t('forgot.title'));
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(undefined);
    if (!email.trim()) {
      setEmailError(t('validation.emailRequired'));
      return;
    }
    setEmailError(undefined);
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      toast.show(t('forgot.sent'), 5000);
    } catch (err) {
      // Shown, not only logged: otherwise the person waits for an email that never comes.
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card narrow" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('forgot.title')}</h1>
      <p className="muted">{t('forgot.hint')}</p>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t('forgot.title')}>
        <FormError>{failure}</FormError>
        <EmailField value={email} onChange={setEmail} error={emailError} />
        <SubmitRow label={t('forgot.send')} disabled={busy}>
          <Link to={paths.start}>{t('forgot.back')}</Link>
        </SubmitRow>
      </form>
    </section>
  );
}
