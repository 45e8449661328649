import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';

/** The signed-in start page: four big buttons to the everyday tasks. */
export function WelcomePage() {
  const { user } = useAuth();
  return (
    <section aria-labelledby="welcome-title">
      <h1 id="welcome-title">Welcome{user ? `, ${user.name}` : ''}!</h1>
      {user?.isDemo ? (
        <p className="placeholder-note">
          You are using the shared demo account. It is reset often, so anything you enter here goes away —{' '}
          <Link to={paths.signup}>create your own account</Link> to keep your data.
        </p>
      ) : user && !user.emailConfirmed ? (
        <p className="placeholder-note">
          Please confirm your email address with the link we sent to {user.email}.
        </p>
      ) : null}
      <p className="muted">What would you like to do?</p>
      {user && !user.hasSeenTutorial ? (
        <p>
          New here? <Link to={paths.tutorial}>Read how Timeledger works</Link> — it takes a minute.
        </p>
      ) : null}
      <div className="welcome-grid">
        <Link className="btn btn-primary btn-big" to={paths.dashboard}>
          Dashboard
        </Link>
        <Link className="btn btn-primary btn-big" to={paths.trackTime}>
          Track time
        </Link>
        <Link className="btn btn-primary btn-big" to={paths.trackIncome}>
          Track income
        </Link>
        <Link className="btn btn-primary btn-big" to={paths.trackExpense}>
          Track expense
        </Link>
      </div>
    </section>
  );
}
