import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { paths } from '../../lib/paths';
import { useTitle } from '../../lib/use-title';
import { resetPassword } from './api/reset-password';
import { Field } from './Field';

interface Errors {
  email?: string;
  password?: string;
  password2?: string;
}

export const PASSWORDS_MUST_MATCH = 'Please make sure that your passwords match';
export const PASSWORD_RESET = 'Your password has been reset!';

/** `/resetpassword/:token`: email, new password and its repeat. */
export function ResetPasswordPage() {
  useTitle('Reset password');
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
    if (!email.trim()) next.email = 'Email is required';
    if (!password) next.password = 'Password is required';
    if (password !== password2) next.password2 = PASSWORDS_MUST_MATCH;
    setErrors(next);
    // Unlike the original, an invalid form is not sent: the server would refuse it anyway and
    // the person sees the reason at once.
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await resetPassword({ email: email.trim(), password, password2, resetToken: token });
      setDone(true);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">Reset password</h1>
      {done ? (
        <div>
          <p className="form-success" role="status">
            {PASSWORD_RESET}
          </p>
          <p>
            <Link to={paths.login}>Log in with your new password</Link>
          </p>
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Reset password">
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
            error={errors.email}
          />
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <Field
            label="Repeat new password"
            type="password"
            autoComplete="new-password"
            value={password2}
            onChange={(e) => setPassword2(e.target.value)}
            error={errors.password2}
          />
          <div className="form-actions">
            <Button type="submit" disabled={busy}>
              Reset password
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
