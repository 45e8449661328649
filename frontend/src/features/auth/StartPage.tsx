import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SessionProblem } from '@/components/SessionProblem';
import { Spinner } from '@/components/Spinner';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { paths, takeRememberedPath } from '@/lib/paths';
import { useTitle } from '@/lib/use-title';
import { DemoButton } from './DemoButton';
import { LoginForm } from './LoginForm';
import { WelcomePage } from './WelcomePage';

/**
 * `/`, `/home` and `/login`. Signed out: login, forgot password, signup and the demo button.
 * Signed in: the welcome page, or once, the path remembered before login.
 */
export function StartPage() {
  const { isAuthenticated, loading, sessionError } = useAuth();
  const navigate = useNavigate();
  const { t } = useTranslation();
  // No title claims either screen until the session is known.
  useTitle(loading ? '' : isAuthenticated ? t('welcome.pageTitle') : t('auth.logIn'));

  useEffect(() => {
    if (!isAuthenticated) return;
    const remembered = takeRememberedPath();
    if (remembered) navigate(remembered, { replace: true });
  }, [isAuthenticated, navigate]);

  if (loading) return <Spinner />;
  if (sessionError) return <SessionProblem />;
  if (isAuthenticated) return <WelcomePage />;
  return (
    <div className="start">
      <section className="hero" aria-labelledby="start-title">
        <h1 id="start-title">Timeledger</h1>
        <p>{t('start.tagline')}</p>
        <DemoButton />
      </section>
      <section className="card" aria-labelledby="login-title">
        <h2 id="login-title">{t('auth.logIn')}</h2>
        <LoginForm />
        <p className="links-row">
          <Link to={paths.forgotPassword}>{t('start.forgotPassword')}</Link>
          <Link to={paths.signup}>{t('auth.signUp')}</Link>
        </p>
      </section>
    </div>
  );
}
