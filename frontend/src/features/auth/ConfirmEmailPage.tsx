import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { useAuth } from '@/lib/auth';
import { paths, ROUTES } from '@/lib/paths';
import { useRouteParam } from '@/lib/use-route-param';
import { useTitle } from '@/lib/use-title';
import { useConfirmEmail } from './api/confirm-email';

/**
 * `/confirmemail/:token` (and `/confirmEmail/:token`): confirms the address from the signup email,
 * or puts a changed address in force — which signs out every session, this browser's too, so the
 * page says which address to sign in with.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  useTitle(t('confirmEmail.title'));
  const token = useRouteParam(ROUTES.confirmEmail);
  const { isAuthenticated, refreshUser } = useAuth();
  const { data, error, isLoading } = useConfirmEmail(token);

  useEffect(() => {
    if (data && isAuthenticated) void refreshUser();
  }, [data, isAuthenticated, refreshUser]);

  return (
    <section className="card narrow" aria-labelledby="confirm-title">
      <h1 id="confirm-title">{t('confirmEmail.title')}</h1>
      {isLoading ? <Spinner label={t('confirmEmail.confirming')} /> : null}
      {data ? (
        <>
          <p className="form-success" role="status">
            {t('confirmEmail.done')}
          </p>
          <p>{t('emailChange.confirmedSignIn', { email: data.email })}</p>
        </>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {t('confirmEmail.failed', { reason: errorMessage(error) })}
        </p>
      ) : null}
      <p>
        <Link to={paths.start}>{t('common.goToStart')}</Link>
      </p>
    </section>
  );
}
