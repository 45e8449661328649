import { Button } from '@/components';
import { useTranslation } from '@/i18n';
import type { TimerControl } from '../hooks/use-timer-control';

/** Pause or Resume, Stop and Discard of the running timer. */
export function TimerButtons({ control }: { control: TimerControl }) {
  const { t } = useTranslation();
  const { busy, paused } = control;
  return (
    <span className="timer-buttons">
      <Button variant="secondary" onClick={paused ? control.resume : control.pause} disabled={busy}>
        {paused ? t('pause.resume') : t('pause.pause')}
      </Button>
      <Button variant="danger" onClick={control.stop} disabled={busy}>
        {t('entry.stop')}
      </Button>
      <Button variant="ghost" onClick={control.discard} disabled={busy}>
        {t('entry.discard')}
      </Button>
    </span>
  );
}
