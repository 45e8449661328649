import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { useToast } from '../../components/Toast';
import { paths } from '../../lib/paths';
import { useTitle } from '../../lib/use-title';
import { requestPasswordReset } from './api/forgot-password';
import { Field } from './Field';

export const RESET_EMAIL_SENT = 'An email has been sent to that address';

/** `/forgotpassword`: asks for a reset link by email. */
export function ForgotPasswordPage() {
  useTitle('Forgot password');
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(undefined);
    if (!email.trim()) {
      setEmailError('Email is required');
      return;
    }
    setEmailError(undefined);
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      toast.show(RESET_EMAIL_SENT, 5000);
    } catch (err) {
      // Shown, not only logged: otherwise the person waits for an email that never comes.
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card narrow" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot password</h1>
      <p className="muted">Enter your email address and we will send you a link to set a new password.</p>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Forgot password">
        {failure ? (
          <p className="form-error" role="alert">
            {failure}
          </p>
        ) : null}
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError}
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            Send reset link
          </Button>
          <Link to={paths.start}>Back to login</Link>
        </div>
      </form>
    </section>
  );
}
