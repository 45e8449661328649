import { useEffect } from 'react';
import { LinkOutcome } from '@/components/LinkOutcome';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-text';
import { ROUTES } from '@/lib/paths';
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
    <LinkOutcome
      title={t('confirmEmail.title')}
      busy={isLoading ? t('confirmEmail.confirming') : undefined}
      done={data ? t('confirmEmail.done') : undefined}
      failed={error ? t('confirmEmail.failed', { reason: errorMessage(error) }) : undefined}
    >
      {data ? <p>{t('emailChange.confirmedSignIn', { email: data.email })}</p> : null}
    </LinkOutcome>
  );
}
