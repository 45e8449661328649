import { useEffect, useRef } from 'react';

/** What each single-key shortcut of the app does. */
export interface ShortcutActions {
  /** `n`: a new entry (the quick entry's text field). */
  newEntry: () => void;
  /** `s`: start or stop the timer. */
  startStop: () => void;
  /** `?`: the sheet that lists the shortcuts. */
  help: () => void;
}

/** Whether a key press belongs to what the person is typing or to an open dialog, not to the app. */
function isTyping(e: KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return true;
  const target = e.target as HTMLElement | null;
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return type !== 'checkbox' && type !== 'radio' && type !== 'button' && type !== 'submit';
  }
  return target.closest('dialog[open]') !== null;
}

/**
 * The app's keyboard shortcuts, as Toggl's: `n` new entry, `s` start/stop, `?` this list. They act
 * only when the key is not typed into a field or a dialog, and never with Ctrl, Cmd or Alt.
 */
export function useShortcuts(actions: ShortcutActions) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e)) return;
      const action =
        e.key === 'n' || e.key === 'N'
          ? latest.current.newEntry
          : e.key === 's' || e.key === 'S'
            ? latest.current.startStop
            : e.key === '?'
              ? latest.current.help
              : null;
      if (!action) return;
      e.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
