import { type FormEvent, useState } from 'react';
import {
  Button,
  ConfirmDialog,
  EmailField,
  Field,
  FormError,
  type NewPassword,
  NewPasswordFields,
  newPasswordErrors,
  PasswordField,
  SubmitRow,
  useToast,
} from '@/components';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { useChangeEmail, useChangeName, useChangePassword } from '../api/account';
import { type FieldErrors, useFormErrors } from '../hooks/use-form-errors';
import { useLeaveAccount } from '../hooks/use-leave-account';
import { EmailStatus } from './EmailStatus';

/** Change the name. */
function NameForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const changeName = useChangeName();
  const toast = useToast();
  const [name, setName] = useState(current);
  const { errors, failure, busy, submit } = useFormErrors(['name']);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    return submit(name.trim() ? {} : { name: t('validation.nameRequired') }, async () => {
      const user = await changeName(name.trim());
      setName(user.name);
      toast.show(t('account.nameSaved'));
    });
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('account.changeName')}>
      <FormError>{failure}</FormError>
      <Field label={t('auth.name')} error={errors.name}>
        <input autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <SubmitRow label={t('account.saveName')} disabled={busy || name.trim() === current} />
    </form>
  );
}

/** Change the email address; asks for the password. */
function EmailForm() {
  const { t } = useTranslation();
  const changeEmail = useChangeEmail();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, failure, busy, submit } = useFormErrors(['email', 'password']);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const invalid: FieldErrors = {};
    if (!email.trim()) invalid.email = t('validation.emailRequired');
    if (!password) invalid.password = t('validation.passwordRequired');
    return submit(invalid, async () => {
      await changeEmail({ email: email.trim(), password });
      setEmail('');
      setPassword('');
      toast.show(t('emailChange.requested', { email: email.trim() }));
    });
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('account.changeEmail')}>
      <FormError>{failure}</FormError>
      <EmailField label={t('account.newEmail')} value={email} onChange={setEmail} error={errors.email} />
      <PasswordField
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <SubmitRow label={t('account.changeEmail')} disabled={busy} />
    </form>
  );
}

const NO_PASSWORDS: NewPassword = { password: '', password2: '' };

/** Change the password; asks for the current one. Other devices are logged out, this one stays. */
function PasswordForm() {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const toast = useToast();
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwords, setPasswords] = useState(NO_PASSWORDS);
  const [keepApiTokens, setKeepApiTokens] = useState(false);
  const { errors, failure, busy, submit } = useFormErrors(['currentPassword', 'password']);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const invalid: FieldErrors = {};
    if (!currentPassword) invalid.currentPassword = t('account.currentRequired');
    return submit({ ...invalid, ...newPasswordErrors(passwords, t) }, async () => {
      await changePassword({ currentPassword, password: passwords.password, keepApiTokens });
      setCurrentPassword('');
      setPasswords(NO_PASSWORDS);
      setKeepApiTokens(false);
      toast.show(t('account.passwordChanged'));
    });
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t('account.changePassword')}>
      <FormError>{failure}</FormError>
      <PasswordField
        label={t('account.currentPassword')}
        autoComplete="current-password"
        value={currentPassword}
        onChange={setCurrentPassword}
        error={errors.currentPassword}
      />
      <NewPasswordFields
        value={passwords}
        onChange={setPasswords}
        errors={errors}
        repeatLabel={t('account.confirmPassword')}
      />
      <Field label={t('apiTokens.keepTokens')} hint={t('apiTokens.keepTokensHint')} layout="check">
        <input type="checkbox" checked={keepApiTokens} onChange={(e) => setKeepApiTokens(e.target.checked)} />
      </Field>
      <SubmitRow label={t('account.changePassword')} disabled={busy} />
    </form>
  );
}

/** Ends every session of the account, this one included, after a confirmation. */
function LogoutEverywhere() {
  const { t } = useTranslation();
  const { logoutEverywhere } = useAuth();
  const leave = useLeaveAccount(logoutEverywhere, () => t('account.logoutFailed'));

  return (
    <div>
      <p className="muted">{t('account.logoutHint')}</p>
      <FormError>{leave.failure}</FormError>
      <div className="form-actions">
        <Button variant="secondary" onClick={() => leave.setOpen(true)}>
          {t('account.logoutAll')}
        </Button>
      </div>
      <ConfirmDialog
        open={leave.open}
        title={t('account.logoutTitle')}
        message={t('account.logoutMessage')}
        confirmLabel={t('account.logoutConfirm')}
        cancelLabel={t('common.cancel')}
        busy={leave.busy}
        onCancel={() => leave.setOpen(false)}
        onConfirm={leave.confirm}
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
        <EmailStatus email={user.email} confirmed={user.emailConfirmed} pending={user.pendingEmail} />
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
