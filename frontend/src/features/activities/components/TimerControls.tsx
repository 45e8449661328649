import { Button, FormError, UpgradePrompt, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { formatDurationLong } from '@/lib/format';
import { useRunningTimer, useTimerActions, useTimerClock } from '../api/timer';
import { useEntryAction } from './entry-action';

export interface TimerControlsProps {
  /** What Start runs the timer for: the form's project, task and sub-task. */
  projectId: string | undefined;
  activity: string;
  description: string;
  /** Start took the task and sub-task: the form clears them for the next entry. */
  onStarted: () => void;
}

/**
 * The timer of the track-time form. It lives on the server: Start begins it with the chosen
 * project, task and sub-task (saving a timer already running elsewhere first); Stop saves it as an
 * entry; Discard drops it.
 */
export function TimerControls({ projectId, activity, description, onStarted }: TimerControlsProps) {
  const { t } = useTranslation();
  const { data: timer } = useRunningTimer();
  const timerActions = useTimerActions();
  const running = timer?.running ? timer : null;
  const { worked } = useTimerClock(timer);
  const toast = useToast();
  const action = useEntryAction((reason) => reason ?? t('entry.timerFailed'));

  const timerAction = async (kind: 'start' | 'stop' | 'discard') => {
    if (action.busy) return;
    action.setError(null);
    if (kind === 'start' && !projectId) {
      action.setError(t('entry.timerNeedsProject'));
      return;
    }
    await action.run(async () => {
      if (kind === 'start' && projectId) {
        await timerActions.start(
          { projectId, activity: activity.trim(), description: description.trim() },
          timer,
        );
        onStarted();
      } else if (kind === 'stop') {
        await timerActions.stop();
        toast.show(t('entry.timeTracked'), 1500);
      } else {
        await timerActions.discard();
      }
    });
  };

  return (
    <fieldset className="timer">
      <legend className="visually-hidden">{t('entry.timer')}</legend>
      <span role="timer" aria-label={t('entry.trackedTime')} className="timer-display">
        {formatDurationLong(worked)}
      </span>
      {running ? (
        <>
          <Button variant="danger" onClick={() => timerAction('stop')} disabled={action.busy}>
            {t('entry.stop')}
          </Button>
          <Button variant="ghost" onClick={() => timerAction('discard')} disabled={action.busy}>
            {t('entry.discard')}
          </Button>
          <span className="timer-what muted">
            {[running.activity, running.description].filter(Boolean).join(' · ') || t('entry.noTask')}
          </span>
        </>
      ) : (
        <Button variant="secondary" onClick={() => timerAction('start')} disabled={action.busy}>
          {t('entry.start')}
        </Button>
      )}
      <FormError>{action.error}</FormError>
      <UpgradePrompt {...action.upgrade} />
    </fieldset>
  );
}
