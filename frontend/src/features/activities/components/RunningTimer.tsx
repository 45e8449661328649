import { useState } from 'react';
import { Button, UpgradePrompt, upgradeMessageFor, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { formatDurationLong } from '@/lib/format';
import { useElapsed, useRunningTimer, useTimerActions } from '../api/timer';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [upgrade, setUpgrade] = useState<string | null>(null);
  if (!timer?.running) return null;

  const task = [timer.activity, timer.description].filter(Boolean).join(' · ');
  const onStop = async () => {
    setBusy(true);
    setError(null);
    try {
      await stop();
      // The notice after a stop, as the track-time form says it after a save.
      toast.show(t('entry.timeTracked'), 1500);
    } catch (err) {
      const message = upgradeMessageFor(err);
      if (message) setUpgrade(message);
      else
        setError(
          err instanceof Error && err.message
            ? t('timer.stopFailedReason', { reason: errorMessage(err) })
            : t('timer.stopFailed'),
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="running-timer" aria-label={t('timer.running')}>
      <span role="timer" aria-label={t('timer.elapsed')} className="running-timer-elapsed">
        {formatDurationLong(elapsed)}
      </span>
      <span className="running-timer-what">
        <strong>{projectName(timer.projectId) ?? t('projects.project')}</strong>
        {task ? <span className="muted"> · {task}</span> : null}
      </span>
      <Button variant="danger" onClick={onStop} disabled={busy}>
        {t('entry.stop')}
      </Button>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <UpgradePrompt open={upgrade !== null} onClose={() => setUpgrade(null)} message={upgrade ?? ''} />
    </section>
  );
}
