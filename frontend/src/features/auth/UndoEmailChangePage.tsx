import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, FormError } from '@/components';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-text';
import { paths, ROUTES } from '@/lib/paths';
import { useRouteParam } from '@/lib/use-route-param';
import { useTitle } from '@/lib/use-title';
import { undoEmailChange } from './api/undo-email-change';

/**
 * `/undoemailchange/:token`, the link mailed to the old address after a change of address was
 * asked for: one button takes the account back to that address and signs out every session
 * (this browser's too), then points to a password reset.
 */
export function UndoEmailChangePage() {
  const { t } = useTranslation();
  useTitle(t('emailChange.undoTitle'));
  const token = useRouteParam(ROUTES.undoEmailChange);
  const { isAuthenticated, refreshUser } = useAuth();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onUndo() {
    setFailure(undefined);
    setBusy(true);
    try {
      await undoEmailChange({ token });
      setDone(true);
      // This browser's session has ended too: reloading the user (401) signs it out here.
      if (isAuthenticated) void refreshUser();
    } catch (err) {
      setFailure(t('emailChange.undoFailed', { reason: errorMessage(err) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card narrow" aria-labelledby="undo-title">
      <h1 id="undo-title">{t('emailChange.undoTitle')}</h1>
      {done ? (
        <div>
          <p className="form-success" role="status">
            {t('emailChange.undone')}
          </p>
          <p>{t('emailChange.undoAdvice')}</p>
          <p>
            <Link to={paths.forgotPassword}>{t('emailChange.resetPassword')}</Link>
            {' · '}
            <Link to={paths.login}>{t('emailChange.logIn')}</Link>
          </p>
        </div>
      ) : (
        <div>
          <p>{t('emailChange.undoIntro')}</p>
          <FormError>{failure}</FormError>
          <div className="form-actions">
            <Button onClick={onUndo} disabled={busy}>
              {busy ? t('emailChange.undoing') : t('emailChange.undoButton')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
