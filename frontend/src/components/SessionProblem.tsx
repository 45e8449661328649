import { useState } from 'react';
import { useTranslation } from '../i18n';
import { useAuth } from '../lib/auth';
import { Button } from './Button';

/**
 * Shown instead of a screen when the signed-in user cannot be loaded (network down, server
 * error): the session is kept, so trying again later needs no new login.
 */
export function SessionProblem() {
  const { sessionError, refreshUser, logout } = useAuth();
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby="session-problem-title">
      <h1 id="session-problem-title">{t('session.title')}</h1>
      <p className="form-error" role="alert">
        {sessionError}
      </p>
      <p>{t('session.hint')}</p>
      <div className="form-actions">
        <Button
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await refreshUser().catch(() => undefined);
            setBusy(false);
          }}
        >
          {t('common.tryAgain')}
        </Button>
        <Button variant="secondary" onClick={() => void logout()}>
          {t('shell.logOut')}
        </Button>
      </div>
    </section>
  );
}
