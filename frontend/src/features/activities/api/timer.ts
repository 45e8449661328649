import type { TimerStartBody } from '@contract/activities';
import type { TimerState } from '@contract/responses';
import { useCallback, useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { client, fetcher } from '@/lib/api-client';
import { revalidateAfterEntryWrite } from './revalidate';

export type { TimerState };

/** What starting a timer takes: a project, and the task and sub-task it is for. */
export type TimerStartInput = Omit<TimerStartBody, 'timeZone'>;

/** The SWR key of the running timer. */
export const TIMER_KEY = client.url('getTimer');

/** Where release 1 kept a timer in this browser; it lives on the server now. */
const OLD_TIMER_STORAGE_KEY = 'timeledger.timer';

/**
 * The person's running timer, shared by the shell and the track-time screen. It lives on the
 * server: revalidated when the window regains focus (another tab or device may have started or
 * stopped it) and once a minute while the app is open.
 */
export function useRunningTimer() {
  useEffect(() => {
    try {
      localStorage.removeItem(OLD_TIMER_STORAGE_KEY);
    } catch {
      // No storage, nothing to clean up.
    }
  }, []);
  return useSWR<TimerState>(TIMER_KEY, fetcher, { revalidateOnFocus: true, refreshInterval: 60_000 });
}

/** The browser's time zone, so the server books the entry on the day the person started. */
function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Start, stop and discard. Starting while a timer runs saves the running one first (the server
 * does both at once); each action puts its answer in the cache as the timer and asks again for
 * whatever else its endpoint makes stale (a saved entry's figures and lists).
 */
export function useTimerActions() {
  const { mutate } = useSWRConfig();
  const start = useCallback(
    async (input: TimerStartInput, previous?: TimerState) => {
      const zone = timeZone();
      const timer = await client.call('startTimer', {
        body: { ...input, ...(zone ? { timeZone: zone } : {}) } satisfies TimerStartBody,
      });
      await mutate(TIMER_KEY, timer, { revalidate: false });
      // Only a running timer was saved: without one, the answer (now in the cache) is all that changed.
      if (previous?.running) {
        await revalidateAfterEntryWrite(mutate, 'startTimer', [previous.projectId], ['getTimer']);
      }
      return timer;
    },
    [mutate],
  );
  const stop = useCallback(async () => {
    const entry = await client.call('stopTimer');
    await mutate(TIMER_KEY, { running: false } satisfies TimerState, { revalidate: false });
    await revalidateAfterEntryWrite(mutate, 'stopTimer', [entry.projectId], ['getTimer']);
    return entry;
  }, [mutate]);
  const discard = useCallback(async () => {
    await client.call('discardTimer');
    await mutate(TIMER_KEY, { running: false } satisfies TimerState, { revalidate: false });
  }, [mutate]);
  const pauseOrResume = useCallback(
    async (action: 'pause' | 'resume') => {
      try {
        const timer = await client.call(action === 'pause' ? 'pauseTimer' : 'resumeTimer');
        await mutate(TIMER_KEY, timer, { revalidate: false });
        return timer;
      } catch (error) {
        // Paused, resumed or stopped on another device meanwhile: show what is true now.
        await mutate(TIMER_KEY);
        throw error;
      }
    },
    [mutate],
  );
  const pause = useCallback(() => pauseOrResume('pause'), [pauseOrResume]);
  const resume = useCallback(() => pauseOrResume('resume'), [pauseOrResume]);
  return { start, stop, discard, pause, resume };
}

/** What a timer's clock shows: time worked (pauses left out) and time paused, in ms. */
export interface TimerClock {
  worked: number;
  paused: number;
}

/**
 * The clock of a timer at `now` (pure): nothing while none runs. A paused one stands at its pause,
 * whatever this device's clock says (the pause began on the server's).
 */
export function timerClock(timer: TimerState | undefined, now: number): TimerClock {
  if (!timer?.running) return { worked: 0, paused: 0 };
  const start = Date.parse(timer.startedAt);
  const pausedAt = timer.pausedAt ? Date.parse(timer.pausedAt) : undefined;
  // `?? 0`: a timer answered before pauses existed (a cached answer) has no `pausedMs`.
  const ended = timer.pausedMs ?? 0;
  return {
    worked: Math.max(0, (pausedAt ?? now) - start - ended),
    paused: ended + (pausedAt === undefined ? 0 : Math.max(0, now - pausedAt)),
  };
}

/** The clock of the running timer, refreshed every second (zero without a timer). */
export function useTimerClock(timer: TimerState | undefined): TimerClock {
  const [now, setNow] = useState(() => Date.now());
  const startedAt = timer?.running ? timer.startedAt : undefined;
  useEffect(() => {
    if (!startedAt) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [startedAt]);
  return timerClock(timer, now);
}
