import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Field } from '@/components/Field';
import { useToast } from '@/components/Toast';
import { rich, useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { resendConfirmation, useChangeEmail, useChangeName, useChangePassword } from '../api/account';

type FieldErrors = Record<string, string | undefined>;

/** A refused request's message, under its field when the server named one, else for the form. */
function splitError(error: unknown, fields: readonly string[]): { fields: FieldErrors; form?: string } {
  const message = errorMessage(error);
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
  const { t } = useTranslation();
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
      setErrors({ name: t('validation.nameRequired') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await changeName(name.trim());
      setName(user.name);
      toast.show(t('account.nameSaved'));
    } catch (err) {
      const split = splitError(err, ['name']);
      setErrors(split.fields);
      setFailure(split.form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('account.changeName')}>
      <FormError>{failure}</FormError>
      <Field
        label={t('auth.name')}
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <div className="form-actions">
        <Button type="submit" disabled={busy || name.trim() === current}>
          {t('account.saveName')}
        </Button>
      </div>
    </form>
  );
}

/** The address and its confirmation state, with a new confirmation link on request. */
function EmailStatus({ email, confirmed }: { email: string; confirmed: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onResend() {
    setFailure(undefined);
    setBusy(true);
    try {
      await resendConfirmation();
      toast.show(t('account.confirmationSent'));
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p>
        {rich(confirmed ? t('account.emailConfirmed', { email }) : t('account.emailUnconfirmed', { email }), {
          b: (text) => <strong>{text}</strong>,
        })}
      </p>
      <FormError>{failure}</FormError>
      {confirmed ? null : (
        <div className="form-actions">
          <Button variant="secondary" onClick={onResend} disabled={busy}>
            {t('account.resend')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Change the email address; asks for the password. */
function EmailForm() {
  const { t } = useTranslation();
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
    if (!email.trim()) next.email = t('validation.emailRequired');
    if (!password) next.password = t('validation.passwordRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await changeEmail({ email: email.trim(), password });
      setEmail('');
      setPassword('');
      toast.show(t('account.emailChanged'));
    } catch (err) {
      const split = splitError(err, ['email', 'password']);
      setErrors(split.fields);
      setFailure(split.form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('account.changeEmail')}>
      <FormError>{failure}</FormError>
      <Field
        label={t('account.newEmail')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <Field
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          {t('account.changeEmail')}
        </Button>
      </div>
    </form>
  );
}

/** Change the password; asks for the current one. Other devices are logged out, this one stays. */
function PasswordForm() {
  const { t } = useTranslation();
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
    if (!currentPassword) next.currentPassword = t('account.currentRequired');
    if (!password) next.password = t('validation.passwordRequired');
    if (password !== password2) next.password2 = t('validation.passwordsMatch');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await changePassword({ currentPassword, password });
      setCurrentPassword('');
      setPassword('');
      setPassword2('');
      toast.show(t('account.passwordChanged'));
    } catch (err) {
      const split = splitError(err, ['currentPassword', 'password']);
      setErrors(split.fields);
      setFailure(split.form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('account.changePassword')}>
      <FormError>{failure}</FormError>
      <Field
        label={t('account.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
        error={errors.currentPassword}
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
        label={t('account.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={password2}
        onChange={(e) => setPassword2(e.target.value)}
        error={errors.password2}
      />
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          {t('account.changePassword')}
        </Button>
      </div>
    </form>
  );
}

/** Ends every session of the account, this one included, after a confirmation. */
function LogoutEverywhere() {
  const { t } = useTranslation();
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
      setFailure(t('account.logoutFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p className="muted">{t('account.logoutHint')}</p>
      <FormError>{failure}</FormError>
      <div className="form-actions">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('account.logoutAll')}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title={t('account.logoutTitle')}
        message={t('account.logoutMessage')}
        confirmLabel={t('account.logoutConfirm')}
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
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  if (user.isDemo) {
    return (
      <section className="card settings-section" aria-labelledby="settings-account">
        <h2 id="settings-account">{t('account.title')}</h2>
        <p className="muted">{t('account.demo')}</p>
      </section>
    );
  }
  return (
    <>
      <section className="card settings-section" aria-labelledby="settings-account">
        <h2 id="settings-account">{t('account.title')}</h2>
        <NameForm key={user.name} current={user.name} />
        <h3>{t('account.emailTitle')}</h3>
        <EmailStatus email={user.email} confirmed={user.emailConfirmed} />
        <EmailForm />
      </section>
      <section className="card settings-section" aria-labelledby="settings-security">
        <h2 id="settings-security">{t('account.securityTitle')}</h2>
        <PasswordForm />
        <h3>{t('account.devices')}</h3>
        <LogoutEverywhere />
      </section>
    </>
  );
}
