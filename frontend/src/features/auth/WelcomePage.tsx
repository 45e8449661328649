import { Link } from 'react-router-dom';
import { rich, useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';

/** The signed-in start page: four big buttons to the everyday tasks. */
export function WelcomePage() {
  const { user } = useAuth();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="welcome-title">
      <h1 id="welcome-title">{user ? t('welcome.titleNamed', { name: user.name }) : t('welcome.title')}</h1>
      {user?.isDemo ? (
        <p className="placeholder-note">
          {rich(t('welcome.demo'), { signup: (text) => <Link to={paths.signup}>{text}</Link> })}
        </p>
      ) : user && !user.emailConfirmed ? (
        <p className="placeholder-note">{t('welcome.confirm', { email: user.email })}</p>
      ) : null}
      <p className="muted">{t('welcome.question')}</p>
      {user && !user.hasSeenTutorial ? (
        <p>{rich(t('welcome.newHere'), { tutorial: (text) => <Link to={paths.tutorial}>{text}</Link> })}</p>
      ) : null}
      <div className="welcome-grid">
        <Link className="btn btn-primary btn-big" to={paths.dashboard}>
          {t('welcome.dashboard')}
        </Link>
        <Link className="btn btn-primary btn-big" to={paths.trackTime}>
          {t('welcome.trackTime')}
        </Link>
        <Link className="btn btn-primary btn-big" to={paths.trackIncome}>
          {t('welcome.trackIncome')}
        </Link>
        <Link className="btn btn-primary btn-big" to={paths.trackExpense}>
          {t('welcome.trackExpense')}
        </Link>
      </div>
    </section>
  );
}
