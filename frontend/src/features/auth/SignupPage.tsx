import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/Button';
import { rich, useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useTitle } from '@/lib/use-title';
import { CheckField, Field } from './Field';

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
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <Field
          label={t('auth.name')}
          autoComplete="name"
          type="text"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <Field
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <Field
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <p className="muted">
          {rich(t('signup.readTerms'), {
            terms: (text) => <Link to={paths.terms}>{text}</Link>,
            privacy: (text) => <Link to={paths.privacy}>{text}</Link>,
          })}
        </p>
        <CheckField
          label={t('signup.agree')}
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          error={errors.terms}
        />
        <CheckField
          label={t('signup.age')}
          checked={age}
          onChange={(e) => setAge(e.target.checked)}
          error={errors.age}
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            {t('auth.signUp')}
          </Button>
          <Link to={paths.start}>{t('signup.haveAccount')}</Link>
        </div>
      </form>
    </section>
  );
}
