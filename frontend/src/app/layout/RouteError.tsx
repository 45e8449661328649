import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { paths } from '@/lib/paths';

/** Shown when a screen fails to load (e.g. a chunk could not be fetched after a deployment). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t('shell.error.message');
  return (
    <main className="app-content">
      <h1>{t('shell.error.title')}</h1>
      <p role="alert">{message}</p>
      <p className="links-row">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('shell.error.reload')}
        </button>
        <Link to={paths.start}>{t('shell.home')}</Link>
      </p>
    </main>
  );
}
