import { Button } from '@/components';
import { useTranslation } from '@/i18n';
import type { TimerControl } from '../hooks/use-timer-control';

/** Pause or Resume, Stop and Discard of the running timer. */
export function TimerButtons({ control }: { control: TimerControl }) {
  const { t } = useTranslation();
  const { action, paused } = control;
  return (
    <span className="timer-buttons">
      <Button variant="secondary" onClick={paused ? control.resume : control.pause} disabled={action.busy}>
        {paused ? t('pause.resume') : t('pause.pause')}
      </Button>
      <Button variant="danger" onClick={control.stop} disabled={action.busy}>
        {t('entry.stop')}
      </Button>
      <Button variant="ghost" onClick={control.discard} disabled={action.busy}>
        {t('entry.discard')}
      </Button>
    </span>
  );
}
