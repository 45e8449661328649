import { Button, FormError, UpgradePrompt, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { formatDurationLong } from '@/lib/format';
import { useRunningTimer, useTimerActions, useTimerClock } from '../api/timer';
import { useEntryAction } from './entry-action';

export interface RunningTimerProps {
  /** The name of a project by id (the shell knows the projects; this feature does not). */
  projectName: (projectId: string) => string | undefined;
}

/**
 * The running timer in the app shell, on every signed-in screen: the time worked ticking each
 * second (standing still while paused), the time paused, the project and task, Pause or Resume, and
 * Stop (which saves the entry without the pauses). Nothing shows while no timer runs.
 */
export function RunningTimer({ projectName }: RunningTimerProps) {
  const { data: timer } = useRunningTimer();
  const { t } = useTranslation();
  const { stop, pause, resume } = useTimerActions();
  const toast = useToast();
  const clock = useTimerClock(timer);
  const action = useEntryAction((reason) =>
    reason ? t('timer.stopFailedReason', { reason }) : t('timer.stopFailed'),
  );
  const pauseAction = useEntryAction((reason) => reason ?? t('pause.failed'));
  if (!timer?.running) return null;

  const task = [timer.activity, timer.description].filter(Boolean).join(' · ');
  const busy = action.busy || pauseAction.busy;
  const onStop = () =>
    action.run(async () => {
      await stop();
      // The notice after a stop, as the track-time form says it after a save.
      toast.show(t('entry.timeTracked'), 1500);
    });
  const onPauseOrResume = () => pauseAction.run(async () => void (await (timer.paused ? resume() : pause())));

  return (
    <section className="running-timer" aria-label={t('timer.running')}>
      <span role="timer" aria-label={t('timer.elapsed')} className="running-timer-elapsed">
        {formatDurationLong(clock.worked)}
      </span>
      {timer.paused || clock.paused > 0 ? (
        <span className="running-timer-paused muted">
          {t(timer.paused ? 'pause.pausedFor' : 'pause.pausesSoFar', {
            duration: formatDurationLong(clock.paused),
          })}
        </span>
      ) : null}
      <span className="running-timer-what">
        <strong>{projectName(timer.projectId) ?? t('projects.project')}</strong>
        {task ? <span className="muted"> · {task}</span> : null}
      </span>
      <Button variant="secondary" onClick={onPauseOrResume} disabled={busy}>
        {timer.paused ? t('pause.resume') : t('pause.pause')}
      </Button>
      <Button variant="danger" onClick={onStop} disabled={busy}>
        {t('entry.stop')}
      </Button>
      <FormError>{action.error ?? pauseAction.error}</FormError>
      <UpgradePrompt {...action.upgrade} />
    </section>
  );
}
