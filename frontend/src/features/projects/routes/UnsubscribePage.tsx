import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { client } from '@/lib/api-client';
import { paths, ROUTES } from '@/lib/paths';
import { useRouteParam } from '@/lib/use-route-param';
import { useTitle } from '@/lib/use-title';

/**
 * `/unsubscribe/:token`: the link in a budget alert email. Turns budget alerts off without signing
 * in (a POST made by the page, so a mail scanner that only fetches the link changes nothing).
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  useTitle(t('budget.unsubscribeTitle'));
  const token = useRouteParam(ROUTES.unsubscribe);
  const [state, setState] = useState<'busy' | 'done' | { error: string }>('busy');

  useEffect(() => {
    if (!token) return;
    client
      .call('unsubscribeBudgetAlerts', { body: { token } })
      .then(() => setState('done'))
      .catch((error: unknown) =>
        setState({ error: error instanceof Error ? errorMessage(error) : String(error) }),
      );
  }, [token]);

  return (
    <section className="card narrow" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t('budget.unsubscribeTitle')}</h1>
      {state === 'busy' ? <Spinner label={t('budget.unsubscribing')} /> : null}
      {state === 'done' ? (
        <p className="form-success" role="status">
          {t('budget.unsubscribed')}
        </p>
      ) : null}
      {typeof state === 'object' ? (
        <p className="form-error" role="alert">
          {t('budget.unsubscribeFailed', { reason: state.error })}
        </p>
      ) : null}
      <p>
        <Link to={paths.start}>{t('common.goToStart')}</Link>
      </p>
    </section>
  );
}
