import { useLayoutEffect, useRef, useState } from 'react';
import { Button, ConfirmDialog } from '@/components';
import { useTranslation } from '@/i18n';
import { formatDurationLong } from '@/lib/format';
import type { TimerControl } from '../hooks/use-timer-control';

/** Where the keyboard goes once the timer has ended by default: the quick-entry bar's text field. */
const quickEntryField = () => document.querySelector<HTMLElement>('.quick-entry-task');

export interface TimerButtonsProps {
  control: TimerControl;
  /**
   * What takes the focus when Stop or Discard ended the timer and these buttons are gone (the
   * focus would otherwise fall to the page): the quick-entry bar's text field unless told.
   */
  focusAfter?: () => HTMLElement | null | undefined;
}

/**
 * Pause or Resume, Stop and Discard of the running timer. Discard asks first (it throws away the
 * time so far, and sits next to Stop); after Stop or Discard the focus moves on, never to the page.
 */
export function TimerButtons({ control, focusAfter = quickEntryField }: TimerButtonsProps) {
  const { t } = useTranslation();
  const { busy, paused } = control;
  const [confirming, setConfirming] = useState(false);
  const ending = useRef(false);
  const latestFocusAfter = useRef(focusAfter);
  latestFocusAfter.current = focusAfter;

  // Runs as the buttons leave (the timer has ended): the focus they held goes somewhere useful.
  useLayoutEffect(
    () => () => {
      if (!ending.current) return;
      setTimeout(() => {
        const active = document.activeElement;
        if (active === null || active === document.body) latestFocusAfter.current()?.focus();
      }, 0);
    },
    [],
  );

  const end = (action: () => Promise<void>) => {
    ending.current = true;
    void action();
  };
  return (
    <span className="timer-buttons">
      <Button variant="secondary" onClick={paused ? control.resume : control.pause} disabled={busy}>
        {paused ? t('pause.resume') : t('pause.pause')}
      </Button>
      <Button variant="danger" onClick={() => end(control.stop)} disabled={busy}>
        {t('entry.stop')}
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(true)} disabled={busy}>
        {t('entry.discard')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('timer.discardTitle')}
        message={t('timer.discardMessage', { time: formatDurationLong(control.elapsed) })}
        confirmLabel={t('entry.discard')}
        cancelLabel={t('timer.keepRunning')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          end(control.discard);
        }}
      />
    </span>
  );
}
