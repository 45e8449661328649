import { useCallback, useEffect, useState } from 'react';

/** localStorage key of a running timer, so it survives a page reload. */
export const TIMER_KEY = 'timeledger.timer';

export interface StoredTimer {
  /** Epoch ms of the moment Start was pressed. */
  startedAt: number;
  /** The project chosen when the timer started, restored after a reload. */
  projectId?: string;
}

/** The running timer stored in this browser, or null. */
export function readStoredTimer(): StoredTimer | null {
  try {
    const raw = localStorage.getItem(TIMER_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredTimer>;
    return typeof parsed.startedAt === 'number' && Number.isFinite(parsed.startedAt)
      ? { startedAt: parsed.startedAt, ...(parsed.projectId ? { projectId: parsed.projectId } : {}) }
      : null;
  } catch {
    return null;
  }
}

function writeStoredTimer(timer: StoredTimer | null) {
  try {
    if (timer) localStorage.setItem(TIMER_KEY, JSON.stringify(timer));
    else localStorage.removeItem(TIMER_KEY);
  } catch {
    // Without storage the timer still runs; it just won't survive a reload.
  }
}

export interface Timer {
  running: boolean;
  /** Milliseconds since Start (0 when stopped); refreshed every 1000 ms while running. */
  elapsed: number;
  start: (projectId?: string) => void;
  /** Stops and returns the elapsed milliseconds (the caller adds them to the duration). */
  stop: () => number;
  /** Stops without returning anything (after a save). */
  reset: () => void;
  /** The project stored with a running timer (after a reload). */
  storedProjectId: string | undefined;
  /** Remembers another project for the running timer (the person changed the picker). */
  rememberProject: (projectId: string | undefined) => void;
}

/**
 * The live timer of the track-time screen: stopped or running. Start records the start moment
 * (in localStorage, so a reload keeps it running); the display updates every second.
 */
export function useTimer(): Timer {
  const [stored, setStored] = useState<StoredTimer | null>(readStoredTimer);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!stored) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [stored]);

  const start = useCallback((projectId?: string) => {
    const timer: StoredTimer = { startedAt: Date.now(), ...(projectId ? { projectId } : {}) };
    writeStoredTimer(timer);
    setNow(timer.startedAt);
    setStored(timer);
  }, []);

  const stop = useCallback(() => {
    const current = readStoredTimer() ?? stored;
    writeStoredTimer(null);
    setStored(null);
    return current ? Math.max(0, Date.now() - current.startedAt) : 0;
  }, [stored]);

  const reset = useCallback(() => {
    writeStoredTimer(null);
    setStored(null);
  }, []);

  const rememberProject = useCallback((projectId: string | undefined) => {
    setStored((current) => {
      if (!current || current.projectId === projectId) return current;
      const next: StoredTimer = { startedAt: current.startedAt, ...(projectId ? { projectId } : {}) };
      writeStoredTimer(next);
      return next;
    });
  }, []);

  return {
    running: stored !== null,
    elapsed: stored ? Math.max(0, now - stored.startedAt) : 0,
    start,
    stop,
    reset,
    storedProjectId: stored?.projectId,
    rememberProject,
  };
}
