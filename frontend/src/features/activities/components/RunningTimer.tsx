import { Button, FormError, UpgradePrompt, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { formatDurationLong } from '@/lib/format';
import { useElapsed, useRunningTimer, useTimerActions } from '../api/timer';
import { useEntryAction } from './entry-action';

export interface RunningTimerProps {
  /** The name of a project by id (the shell knows the projects; this feature does not). */
  projectName: (projectId: string) => string | undefined;
}

/**
 * The running timer in the app shell, on every signed-in screen: elapsed time ticking each second,
 * the project and task, and Stop (which saves the entry). Nothing shows while no timer runs.
 */
export function RunningTimer({ projectName }: RunningTimerProps) {
  const { data: timer } = useRunningTimer();
  const { t } = useTranslation();
  const { stop } = useTimerActions();
  const toast = useToast();
  const elapsed = useElapsed(timer?.running ? timer.startedAt : undefined);
  const action = useEntryAction((reason) =>
    reason ? t('timer.stopFailedReason', { reason }) : t('timer.stopFailed'),
  );
  if (!timer?.running) return null;

  const task = [timer.activity, timer.description].filter(Boolean).join(' · ');
  const onStop = () =>
    action.run(async () => {
      await stop();
      // The notice after a stop, as the track-time form says it after a save.
      toast.show(t('entry.timeTracked'), 1500);
    });

  return (
    <section className="running-timer" aria-label={t('timer.running')}>
      <span role="timer" aria-label={t('timer.elapsed')} className="running-timer-elapsed">
        {formatDurationLong(elapsed)}
      </span>
      <span className="running-timer-what">
        <strong>{projectName(timer.projectId) ?? t('projects.project')}</strong>
        {task ? <span className="muted"> · {task}</span> : null}
      </span>
      <Button variant="danger" onClick={onStop} disabled={action.busy}>
        {t('entry.stop')}
      </Button>
      <FormError>{action.error}</FormError>
      <UpgradePrompt {...action.upgrade} />
    </section>
  );
}
