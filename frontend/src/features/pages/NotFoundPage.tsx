import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useTitle } from '../../lib/use-title';

export function NotFoundPage() {
  useTitle('Page not found');
  return (
    <section aria-labelledby="notfound-title">
      <h1 id="notfound-title">Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to={paths.start}>Go to the start page</Link>
    </section>
  );
}
