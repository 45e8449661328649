import { Button, FormError, UpgradePrompt } from '@/components';
import { useTranslation } from '@/i18n';
import { formatDurationLong } from '@/lib/format';
import { useQuickEntry } from '../hooks/use-quick-entry';
import type { TimerControl } from '../hooks/use-timer-control';
import { BillingFields, BillingSummary } from './BillingFields';
import { ProjectCombobox } from './ProjectCombobox';
import { ShortcutsSheet } from './ShortcutsSheet';
import { TimerButtons } from './TimerButtons';

/** The key that opens the shortcuts, shown on their button. */
const HELP_KEY = '?';

type Projects = { _id: string; name: string; clientId?: string | null }[];

/**
 * The running timer in the bar: time so far, project and task, billable and tags, Pause/Resume,
 * Stop, Discard.
 */
function RunningTimer({ control, projects }: { control: TimerControl; projects: Projects }) {
  const { t } = useTranslation();
  const { running } = control;
  if (!running) return null;
  const task = [running.activity, running.description].filter(Boolean).join(' · ');
  const project = projects.find((p) => p._id === running.projectId)?.name ?? t('projects.project');
  return (
    <section className="running-timer" aria-label={t('timer.running')}>
      <span role="timer" aria-label={t('timer.elapsed')} className="running-timer-elapsed">
        {formatDurationLong(control.elapsed)}
      </span>
      {control.paused || control.pausedMs > 0 ? (
        <span className="running-timer-paused muted">
          {t(control.paused ? 'pause.pausedFor' : 'pause.pausesSoFar', {
            duration: formatDurationLong(control.pausedMs),
          })}
        </span>
      ) : null}
      <span className="running-timer-what">
        <strong>{project}</strong>
        {task ? <span className="muted"> · {task}</span> : null}
      </span>
      <BillingSummary billable={running.billable} tags={running.tags} />
      <TimerButtons control={control} />
      <FormError>{control.error}</FormError>
    </section>
  );
}

/**
 * The quick-entry bar above every signed-in screen: type what you are working on, pick the project
 * (type-ahead, last used first), say whether it is billable and tag it, press Enter or Start; the running timer shows under it. `?` opens
 * the keyboard shortcuts.
 */
export function QuickEntryBar({ projects = [] }: { projects: Projects | undefined }) {
  const { t } = useTranslation();
  const q = useQuickEntry();
  const { action } = q.timer;
  return (
    <section className="quick-entry" aria-label={t('daily.quickEntry')}>
      <form className="quick-entry-form" onSubmit={q.onSubmit}>
        <input
          ref={q.taskRef}
          type="text"
          className="quick-entry-task"
          aria-label={t('daily.whatAreYouDoing')}
          placeholder={t('daily.whatAreYouDoing')}
          maxLength={200}
          value={q.activity}
          onChange={(e) => q.setActivity(e.target.value)}
        />
        <ProjectCombobox
          projects={projects}
          recentIds={q.recentIds}
          value={q.projectId}
          onChange={q.setProjectId}
          inputRef={q.projectRef}
        />
        <BillingFields value={q.billing} billableByDefault={q.billableByDefault} onChange={q.setBilling} />
        <Button type="submit" disabled={action.busy}>
          {t('entry.start')}
        </Button>
        <Button variant="ghost" aria-label={t('daily.shortcutsButton')} onClick={() => q.setHelpOpen(true)}>
          {HELP_KEY}
        </Button>
      </form>
      <RunningTimer control={q.timer} projects={projects} />
      {q.timer.running ? null : <FormError>{q.timer.error}</FormError>}
      <UpgradePrompt {...action.upgrade} />
      <ShortcutsSheet open={q.helpOpen} onClose={() => q.setHelpOpen(false)} />
    </section>
  );
}
