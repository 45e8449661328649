import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useTitle } from '../../lib/use-title';

/** `/loggedout`: ends the session and says goodbye. */
export function LoggedOutPage() {
  useTitle('Logged out');
  const { logout, token } = useAuth();

  // Ends the session on the server and clears the browser of the account (the menu's "Log out"
  // comes here). The token is gone from state at once, so a second run of the effect does nothing.
  useEffect(() => {
    if (token) void logout();
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
