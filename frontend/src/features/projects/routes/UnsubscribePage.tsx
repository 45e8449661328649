import { useEffect, useState } from 'react';
import { LinkOutcome } from '@/components/LinkOutcome';
import { useTranslation } from '@/i18n';
import { client } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-text';
import { ROUTES } from '@/lib/paths';
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
    <LinkOutcome
      title={t('budget.unsubscribeTitle')}
      busy={state === 'busy' ? t('budget.unsubscribing') : undefined}
      done={state === 'done' ? t('budget.unsubscribed') : undefined}
      failed={typeof state === 'object' ? t('budget.unsubscribeFailed', { reason: state.error }) : undefined}
    />
  );
}
