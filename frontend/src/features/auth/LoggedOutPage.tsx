import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useTitle } from '../../lib/use-title';

/** `/loggedout`: ends the session and says goodbye. */
export function LoggedOutPage() {
  useTitle('Logged out');
  const { logout, token } = useAuth();

  useEffect(() => {
    if (token) logout();
  }, [token, logout]);

  return (
    <section className="narrow" aria-labelledby="bye-title">
      <h1 id="bye-title">Goodbye!</h1>
      <p>You have been logged out. See you soon.</p>
      <nav aria-label="Where next" className="links-row">
        <Link to={paths.home}>Home</Link>
        <Link to={paths.login}>Login</Link>
        <Link to={paths.signup}>Sign up</Link>
      </nav>
    </section>
  );
}
