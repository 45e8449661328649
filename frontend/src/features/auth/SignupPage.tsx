import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useTitle } from '../../lib/use-title';
import { CheckField, Field } from './Field';

interface Errors {
  name?: string;
  email?: string;
  password?: string;
  terms?: string;
  age?: string;
}

export const TERMS_REQUIRED = 'Please read and agree with the above';
export const AGE_REQUIRED =
  'You need to state that you are at least 18 years old before you are allowed to use the service';

/** `/signup`: name, email, password, the terms and the age checkboxes. */
export function SignupPage() {
  useTitle('Sign up');
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
    if (!name.trim()) next.name = 'Name is required';
    if (!email.trim()) next.email = 'Email is required';
    if (!password) next.password = 'Password is required';
    if (!terms) next.terms = TERMS_REQUIRED;
    if (!age) next.age = AGE_REQUIRED;
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
        <h1>Sign up</h1>
        <p>
          You are signed in. <Link to={paths.start}>Go to the start page</Link>.
        </p>
      </section>
    );
  }

  return (
    <section className="card narrow" aria-labelledby="signup-title">
      <h1 id="signup-title">Sign up</h1>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Sign up">
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <Field
          label="Name"
          autoComplete="name"
          type="text"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <p className="muted">
          Please read our <Link to={paths.terms}>terms and conditions</Link> and our{' '}
          <Link to={paths.privacy}>privacy policy</Link>.
        </p>
        <CheckField
          label="I have read and agree with the terms and conditions and the privacy policy"
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          error={errors.terms}
        />
        <CheckField
          label="I am at least 18 years old"
          checked={age}
          onChange={(e) => setAge(e.target.checked)}
          error={errors.age}
        />
        <div className="form-actions">
          <Button type="submit" disabled={busy}>
            Sign up
          </Button>
          <Link to={paths.start}>I already have an account</Link>
        </div>
      </form>
    </section>
  );
}
