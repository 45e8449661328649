import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useTitle } from '../../lib/use-title';
import { useConfirmEmail } from './api/confirm-email';

/** `/confirmemail/:token` (and `/confirmEmail/:token`): confirms the address from the signup email. */
export function ConfirmEmailPage() {
  useTitle('Email confirmation');
  const { token } = useParams();
  const { isAuthenticated, refreshUser } = useAuth();
  const { data, error, isLoading } = useConfirmEmail(token);

  useEffect(() => {
    if (data && isAuthenticated) void refreshUser();
  }, [data, isAuthenticated, refreshUser]);

  return (
    <section className="card narrow" aria-labelledby="confirm-title">
      <h1 id="confirm-title">Email confirmation</h1>
      {isLoading ? <Spinner label="Confirming your email address" /> : null}
      {data ? (
        <p className="form-success" role="status">
          Thank you! Your email address has been confirmed.
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          This confirmation link is invalid or has already been used. ({(error as Error).message})
        </p>
      ) : null}
      <p>
        <Link to={paths.start}>Go to the start page</Link>
      </p>
    </section>
  );
}
