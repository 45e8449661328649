import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EmailField, Field, FormError, PasswordField, SubmitRow } from '@/components';
import { rich, useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useTitle } from '@/lib/use-title';

interface Errors {
  name?: string;
  email?: string;
  password?: string;
  terms?: string;
  age?: string;
}

/** `/signup`: name, email, password, the terms and the age checkboxes. */
export function SignupPage() {
  const { t } = useTranslation();
  useTitle(t('auth.signUp'));
  const { register, error, clearError, isAuthenticated, user } = useAuth();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [age, setAge] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  // An error left over from the login form does not belong here.
  useEffect(() => {
    clearError();
  }, [clearError]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {};
    if (!name.trim()) next.name = t('validation.nameRequired');
    if (!email.trim()) next.email = t('validation.emailRequired');
    if (!password) next.password = t('validation.passwordRequired');
    if (!terms) next.terms = t('signup.termsRequired');
    if (!age) next.age = t('signup.ageRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const ok = await register({ name: name.trim(), email: email.trim(), password });
    setBusy(false);
    if (ok) navigate(paths.start);
  }

  // Demo visitors are signed in too, and this is where they get an account of their own.
  if (isAuthenticated && !user?.isDemo && !busy) {
    return (
      <section className="narrow">
        <h1>{t('auth.signUp')}</h1>
        <p>{rich(t('signup.signedIn'), { start: (text) => <Link to={paths.start}>{text}</Link> })}</p>
      </section>
    );
  }

  return (
    <section className="card narrow" aria-labelledby="signup-title">
      <h1 id="signup-title">{t('auth.signUp')}</h1>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t('auth.signUp')}>
        <FormError>{error}</FormError>
        <Field label={t('auth.name')} error={errors.name}>
          <input autoComplete="name" type="text" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <PasswordField
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <p className="muted">
          {rich(t('signup.readTerms'), {
            terms: (text) => <Link to={paths.terms}>{text}</Link>,
            privacy: (text) => <Link to={paths.privacy}>{text}</Link>,
          })}
        </p>
        <Field label={t('signup.agree')} layout="check" error={errors.terms}>
          <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
        </Field>
        <Field label={t('signup.age')} layout="check" error={errors.age}>
          <input type="checkbox" checked={age} onChange={(e) => setAge(e.target.checked)} />
        </Field>
        <SubmitRow label={t('auth.signUp')} disabled={busy}>
          <Link to={paths.start}>{t('signup.haveAccount')}</Link>
        </SubmitRow>
      </form>
    </section>
  );
}
