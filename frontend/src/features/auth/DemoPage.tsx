import { useEffect, useRef } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useTitle } from '../../lib/use-title';

/** `/demo`: signs straight in to the shared demo account, then shows the welcome page. */
export function DemoPage() {
  useTitle('Demo account');
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
        <h1>Demo account</h1>
        <p className="form-error" role="alert">
          {error}
        </p>
        <Link to={paths.start}>Back to the start page</Link>
      </section>
    );
  }
  return <Spinner label="Signing in to the demo account" />;
}
