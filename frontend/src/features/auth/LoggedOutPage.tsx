import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useTitle } from '@/lib/use-title';

/**
 * `/loggedout`: ends the session and says goodbye — or, reached by deleting the account (router
 * state `accountDeleted`), says that the account was deleted.
 */
export function LoggedOutPage() {
  const { t } = useTranslation();
  const deleted = (useLocation().state as { accountDeleted?: boolean } | null)?.accountDeleted === true;
  useTitle(t(deleted ? 'loggedOut.deletedTitle' : 'loggedOut.title'));
  const { logout, token } = useAuth();

  // Ends the session on the server and clears the browser of the account (the menu's "Log out"
  // comes here). The token is gone from state at once, so a second run of the effect does nothing.
  useEffect(() => {
    if (token) void logout();
  }, [token, logout]);

  return (
    <section className="narrow" aria-labelledby="bye-title">
      <h1 id="bye-title">{t(deleted ? 'loggedOut.deletedHeading' : 'loggedOut.heading')}</h1>
      <p>{t(deleted ? 'loggedOut.deletedMessage' : 'loggedOut.message')}</p>
      <nav aria-label={t('loggedOut.whereNext')} className="links-row">
        <Link to={paths.home}>{t('shell.home')}</Link>
        <Link to={paths.login}>{t('loggedOut.login')}</Link>
        <Link to={paths.signup}>{t('auth.signUp')}</Link>
      </nav>
    </section>
  );
}
