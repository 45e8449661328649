import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { rich, useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useTitle } from '@/lib/use-title';
import { useMarkTutorialSeen } from './api/mark-tutorial-seen';

const link = (to: string) => (text: string) => <Link to={to}>{text}</Link>;
const strong = (text: string): ReactNode => <strong>{text}</strong>;

/** `/tutorial`: a short how-to (not linked from the menus). */
export function TutorialPage() {
  const { t } = useTranslation();
  useTitle(t('tutorial.pageTitle'));
  const { user } = useAuth();
  const markSeen = useMarkTutorialSeen();
  const unseen = user !== null && !user.hasSeenTutorial;

  // Reading it once is enough to stop the welcome page suggesting it.
  useEffect(() => {
    if (unseen) markSeen().catch(() => undefined);
  }, [unseen, markSeen]);
  return (
    <section aria-labelledby="tutorial-title">
      <h1 id="tutorial-title">{t('tutorial.title')}</h1>
      <ol>
        <li>{rich(t('tutorial.project'), { b: strong, projects: link(paths.projects) })}</li>
        <li>{rich(t('tutorial.time'), { b: strong, time: link(paths.trackTime) })}</li>
        <li>
          {rich(t('tutorial.finance'), {
            b: strong,
            income: link(paths.trackIncome),
            expense: link(paths.trackExpense),
          })}
        </li>
        <li>{rich(t('tutorial.charts'), { b: strong, dashboard: link(paths.dashboard) })}</li>
        <li>{rich(t('tutorial.settings'), { b: strong, settings: link(paths.settings) })}</li>
      </ol>
    </section>
  );
}
