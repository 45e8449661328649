import { useEffect, useRef } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useTitle } from '@/lib/use-title';

/** `/demo`: signs straight in to the shared demo account, then shows the welcome page. */
export function DemoPage() {
  const { t } = useTranslation();
  useTitle(t('demo.title'));
  const { isAuthenticated, loginDemo, error } = useAuth();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || isAuthenticated) return;
    started.current = true;
    void loginDemo();
  }, [isAuthenticated, loginDemo]);

  if (isAuthenticated) return <Navigate to={paths.home} replace />;
  if (error) {
    return (
      <section>
        <h1>{t('demo.title')}</h1>
        <p className="form-error" role="alert">
          {error}
        </p>
        <Link to={paths.start}>{t('common.backToStart')}</Link>
      </section>
    );
  }
  return <Spinner label={t('demo.signingIn')} />;
}
