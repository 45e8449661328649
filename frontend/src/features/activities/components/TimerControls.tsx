import { useRef } from 'react';
import { Button, FormError, UpgradePrompt } from '@/components';
import { useTranslation } from '@/i18n';
import { formatDurationLong } from '@/lib/format';
import type { TimerControl } from '../hooks/use-timer-control';
import { BillingSummary } from './BillingFields';
import { TimerButtons } from './TimerButtons';

export interface TimerControlsProps {
  control: TimerControl;
  /** Start: the timer for the form's project, task and sub-task. */
  onStart: () => void;
}

/**
 * The timer of the track-time form. It lives on the server: Start begins it with the chosen
 * project, task, sub-task, billable and tags (saving a timer already running elsewhere first); Stop saves it as an
 * entry; Discard drops it; Pause and Resume where the server has them.
 */
export function TimerControls({ control, onStart }: TimerControlsProps) {
  const { t } = useTranslation();
  const { running, action } = control;
  const ref = useRef<HTMLFieldSetElement>(null);
  return (
    <fieldset className="timer" ref={ref}>
      <legend className="visually-hidden">{t('entry.timer')}</legend>
      <span role="timer" aria-label={t('entry.trackedTime')} className="timer-display">
        {formatDurationLong(control.elapsed)}
      </span>
      {running ? (
        <>
          {/* Once stopped, Start takes the place of the buttons, and the focus. */}
          <TimerButtons control={control} focusAfter={() => ref.current?.querySelector('button')} />
          <span className="timer-what muted">
            {[running.activity, running.description].filter(Boolean).join(' · ') || t('entry.noTask')}
          </span>
          <BillingSummary billable={running.billable} tags={running.tags} />
        </>
      ) : (
        <Button variant="secondary" onClick={onStart} disabled={action.busy}>
          {t('entry.start')}
        </Button>
      )}
      <FormError>{control.error}</FormError>
      <UpgradePrompt {...action.upgrade} />
    </fieldset>
  );
}
