import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '../../lib/paths';

/** Shown when a screen fails to load (e.g. a chunk could not be fetched after a deployment). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <main className="app-content">
      <h1>Something went wrong</h1>
      <p role="alert">{message}</p>
      <p className="links-row">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to={paths.start}>Home</Link>
      </p>
    </main>
  );
}
