import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  return (
    <section aria-labelledby="notfound-title">
      <h1 id="notfound-title">Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to={paths.start}>Go to the start page</Link>
    </section>
  );
}
