import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Field } from '../../../components/Field';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { resendConfirmation, useChangeEmail, useChangeName, useChangePassword } from '../api/account';

export const PASSWORDS_MUST_MATCH = 'Please make sure that your passwords match';
export const NAME_SAVED = 'Your name has been saved.';
export const EMAIL_CHANGED =
  'Your email address has been changed. Please confirm it with the link we sent there.';
export const PASSWORD_CHANGED = 'Your password has been changed. Your other devices have been logged out.';
export const LOGOUT_EVERYWHERE_FAILED = 'Your other devices could not be logged out. Please try again.';

type FieldErrors = Record<string, string | undefined>;

/** A refused request's message, under its field when the server named one, else for the form. */
function splitError(error: unknown, fields: readonly string[]): { fields: FieldErrors; form?: string } {
  const message = error instanceof Error ? error.message : String(error);
  const param = error instanceof ApiError ? error.errors[0]?.param : undefined;
  return param && fields.includes(param) ? { fields: { [param]: message } } : { fields: {}, form: message };
}

function FormError({ children }: { children: ReactNode }) {
  return children ? (
    <p className="form-error" role="alert">
      {children}
    </p>
  ) : null;
}

/** Change the name. */
function NameForm({ current }: { current: string }) {
  const changeName = useChangeName();
  const toast = useToast();
  const [name, setName] = useState(current);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(undefined);
    if (!name.trim()) {
      setErrors({ name: 'Name is required' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await changeName(name.trim());
      setName(user.name);
      toast.show(NAME_SAVED);
    } catch (err) {
      const split = splitError(err, ['name']);
      setErrors(split.fields);
      setFailure(split.form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Change name">
      <FormError>{failure}</FormError>
      <Field
        label="Name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <div className="form-actions">
        <Button type="submit" disabled={busy || name.trim() === current}>
          Save name
        </Button>
      </div>
    </form>
  );
}

/** The address and its confirmation state, with a new confirmation link on request. */
function EmailStatus({ email, confirmed }: { email: string; confirmed: boolean }) {
  const toast = useToast();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onResend() {
    setFailure(undefined);
    setBusy(true);
    try {
      toast.show((await resendConfirmation()).msg);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p>
        Your email address is <strong>{email}</strong>
        {confirmed ? ' (confirmed).' : '. It is not confirmed yet.'}
      </p>
      <FormError>{failure}</FormError>
      {confirmed ? null : (
        <div className="form-actions">
          <Button variant="secondary" onClick={onResend} disabled={busy}>
            Send a new confirmation link
          </Button>
        </div>
      )}
    </div>
  );
}

/** Change the email address; asks for the password. */
function EmailForm() {
  const changeEmail = useChangeEmail();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(undefined);
    const next: FieldErrors = {};
    if (!email.trim()) next.email = 'Email is required';
    if (!password) next.password = 'Password is required';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await changeEmail({ email: email.trim(), password });
      setEmail('');
      setPassword('');
      toast.show(EMAIL_CHANGED);
    } catch (err) {
      const split = splitError(err, ['email', 'password']);
      setErrors(split.fields);
      setFailure(split.form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Change email address">
      <FormError>{failure}</FormError>
      <Field
        label="New email address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          Change email address
        </Button>
      </div>
    </form>
  );
}

/** Change the password; asks for the current one. Other devices are logged out, this one stays. */
function PasswordForm() {
  const changePassword = useChangePassword();
  const toast = useToast();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(undefined);
    const next: FieldErrors = {};
    if (!currentPassword) next.currentPassword = 'Current password is required';
    if (!password) next.password = 'Password is required';
    if (password !== password2) next.password2 = PASSWORDS_MUST_MATCH;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await changePassword({ currentPassword, password });
      setCurrentPassword('');
      setPassword('');
      setPassword2('');
      toast.show(PASSWORD_CHANGED);
    } catch (err) {
      const split = splitError(err, ['currentPassword', 'password']);
      setErrors(split.fields);
      setFailure(split.form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Change password">
      <FormError>{failure}</FormError>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
        error={errors.currentPassword}
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
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={password2}
        onChange={(e) => setPassword2(e.target.value)}
        error={errors.password2}
      />
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          Change password
        </Button>
      </div>
    </form>
  );
}

/** Ends every session of the account, this one included, after a confirmation. */
function LogoutEverywhere() {
  const { logoutEverywhere } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function onConfirm() {
    setBusy(true);
    setFailure(undefined);
    try {
      await logoutEverywhere();
      setOpen(false);
      // The goodbye page clears the browser; clearing here first would let the signed-in gate
      // bounce to the start page and remember /settings for the next login.
      navigate(paths.loggedOut, { replace: true });
    } catch {
      setOpen(false);
      setFailure(LOGOUT_EVERYWHERE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p className="muted">Ends your session on every computer, phone and browser, this one included.</p>
      <FormError>{failure}</FormError>
      <div className="form-actions">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Log out of all devices
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title="Log out of all devices?"
        message="You will be logged out everywhere, here too, and need your password to log in again."
        confirmLabel="Log out everywhere"
        cancelLabel="Cancel"
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={onConfirm}
      />
    </div>
  );
}

/** The "Account" part of the settings page; the shared demo account only sees what it is. */
export function AccountSettings() {
  const { user } = useAuth();
  if (!user) return null;
  if (user.isDemo) {
    return (
      <section className="card settings-section" aria-labelledby="settings-account">
        <h2 id="settings-account">Account</h2>
        <p className="muted">The demo account’s name, email address and password cannot be changed.</p>
      </section>
    );
  }
  return (
    <>
      <section className="card settings-section" aria-labelledby="settings-account">
        <h2 id="settings-account">Account</h2>
        <NameForm key={user.name} current={user.name} />
        <h3>Email address</h3>
        <EmailStatus email={user.email} confirmed={user.emailConfirmed} />
        <EmailForm />
      </section>
      <section className="card settings-section" aria-labelledby="settings-security">
        <h2 id="settings-security">Password and sessions</h2>
        <PasswordForm />
        <h3>Devices</h3>
        <LogoutEverywhere />
      </section>
    </>
  );
}
