import { useTranslation } from '@/i18n';
import type { FormatPrefs } from '@/lib/format';
import type { Project } from '../api/get-projects';
import { budgetUseWords, rateFloorWords } from '../lib/budget-words';

/**
 * A project's budget as a progress bar with its use in words, and the rate floor in words
 * ("12 h 30 min left at your €60/h target"). Nothing when the project has neither.
 */
export function BudgetStatus({ project, user }: { project: Project; user: FormatPrefs | null }) {
  const { t } = useTranslation();
  const use = budgetUseWords(project, user, t);
  const floor = rateFloorWords(project, user, t);
  if (!use && !floor) return null;
  const percent = project.budgetPercent ?? 0;
  const tone = percent >= 100 ? 'over' : percent >= 80 ? 'near' : 'ok';
  return (
    <div className="budget-status">
      {use ? (
        <>
          <progress
            className={`budget-bar budget-${tone}`}
            max={100}
            value={Math.min(100, percent)}
            aria-label={t('budget.progress', { name: project.name })}
            aria-valuetext={use}
          />
          <p className="budget-use">{use}</p>
          {project.budget?.kind === 'money' ? (
            <p className="figure-what">{t('figures.allTimeExact')}</p>
          ) : null}
        </>
      ) : null}
      {floor ? <p className="budget-floor">{floor}</p> : null}
      {project.budget?.kind === 'money' && project.hourlyRate === null ? (
        <p className="muted">{t('budget.needsRate')}</p>
      ) : null}
    </div>
  );
}
