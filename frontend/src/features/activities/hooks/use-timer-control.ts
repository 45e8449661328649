import { useToast } from '@/components';
import { useTranslation } from '@/i18n';
import {
  type TimerStartInput,
  type TimerState,
  useRunningTimer,
  useTimerActions,
  useTimerClock,
} from '../api/timer';
import { useEntryAction } from '../components/entry-action';

/**
 * Start, pause, resume, stop and discard of the one running timer, as every control of it (the
 * quick-entry bar, the track-time form) offers them: one action at a time, the notice after a
 * stop, a free limit's upgrade prompt, any other failure in words.
 */
export function useTimerControl() {
  const { t } = useTranslation();
  const { data: timer } = useRunningTimer();
  const actions = useTimerActions();
  const toast = useToast();
  const action = useEntryAction((reason) => reason ?? t('entry.timerFailed'));
  const pausing = useEntryAction((reason) => reason ?? t('pause.failed'));
  const running = timer?.running ? timer : null;
  // Time worked stands still while the timer is paused; `pausedMs` is the time paused so far.
  const clock = useTimerClock(timer);

  const start = async (input: Partial<TimerStartInput>, onStarted?: () => void) => {
    if (action.busy) return false;
    action.setError(null);
    const { projectId } = input;
    if (!projectId) {
      action.setError(t('entry.timerNeedsProject'));
      return false;
    }
    let started = false;
    await action.run(async () => {
      await actions.start(
        {
          ...input,
          projectId,
          activity: input.activity?.trim() ?? '',
          description: input.description?.trim() ?? '',
        },
        timer,
      );
      started = true;
      onStarted?.();
    });
    return started;
  };
  const stop = () =>
    action.run(async () => {
      await actions.stop();
      toast.show(t('entry.timeTracked'), 1500);
    });
  const discard = () => action.run(actions.discard);
  const pause = () => pausing.run(async () => void (await actions.pause()));
  const resume = () => pausing.run(async () => void (await actions.resume()));
  return {
    timer: timer as TimerState | undefined,
    running,
    /** Time worked so far (pauses left out), ms. */
    elapsed: clock.worked,
    /** Time paused so far, ms. */
    pausedMs: clock.paused,
    paused: running?.paused === true,
    action,
    /** Any action under way (pausing included). */
    busy: action.busy || pausing.busy,
    /** Why the last action failed, in words. */
    error: action.error ?? pausing.error,
    start,
    stop,
    discard,
    pause,
    resume,
  };
}

export type TimerControl = ReturnType<typeof useTimerControl>;
