import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useTitle } from '../../lib/use-title';
import { useMarkTutorialSeen } from './api/mark-tutorial-seen';

/** `/tutorial`: a short how-to (not linked from the menus). */
export function TutorialPage() {
  useTitle('Tutorial');
  const { user } = useAuth();
  const markSeen = useMarkTutorialSeen();
  const unseen = user !== null && !user.hasSeenTutorial;

  // Reading it once is enough to stop the welcome page suggesting it.
  useEffect(() => {
    if (unseen) markSeen().catch(() => undefined);
  }, [unseen, markSeen]);
  return (
    <section aria-labelledby="tutorial-title">
      <h1 id="tutorial-title">How Timeledger works</h1>
      <ol>
        <li>
          <strong>Create a project</strong> on the <Link to={paths.projects}>Projects</Link> page with the +
          button. Free accounts hold up to 3 projects.
        </li>
        <li>
          <strong>Track time</strong> with <Link to={paths.trackTime}>Track time</Link>: pick the project,
          type a task and a sub-task (earlier ones are suggested), then start the timer or enter start and end
          times by hand. 'Save and clear' keeps the project for the next entry.
        </li>
        <li>
          <strong>Track income and expenses</strong> with <Link to={paths.trackIncome}>Track income</Link> and{' '}
          <Link to={paths.trackExpense}>Track expense</Link>.
        </li>
        <li>
          <strong>See where your time and money go</strong> on the <Link to={paths.dashboard}>Dashboard</Link>{' '}
          and on each project's details page; choose a date range and the charts follow.
        </li>
        <li>
          <strong>Set your currency and number format</strong> in the{' '}
          <Link to={paths.settings}>Settings</Link>, where you can also turn on embedding, export your data or
          delete your account.
        </li>
      </ol>
    </section>
  );
}
