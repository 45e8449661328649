import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useProjects } from '../api/get-projects';
import { ofClient } from '../lib/client-filter';
import { sortByName } from '../lib/sort';

/** The next active option for a key of the open list, or `undefined` for a key it does not move by. */
function moveActive(key: string, active: number, count: number): number | undefined {
  if (key === 'ArrowDown') return (active + 1) % count;
  if (key === 'ArrowUp') return (active - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * The picker's state: the projects sorted by name (those of the client filter: '' every project,
 * `NO_CLIENT` those without one, or a client's id), whether the list is open, the active option
 * (every listed project, then the add option last) and whether the create dialog is open.
 */
export function useProjectPicker(value: string | undefined, onChange: (projectId: string) => void) {
  const { data, isLoading } = useProjects();
  const all = useMemo(() => sortByName(data ?? []), [data]);
  const [clientFilter, setClientFilterState] = useState('');
  const projects = useMemo(() => all.filter((p) => ofClient(p, clientFilter)), [all, clientFilter]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const count = projects.length + 1;

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);

  const openList = () => {
    const index = projects.findIndex((p) => p._id === value);
    setActive(index >= 0 ? index : 0);
    setOpen(true);
  };
  const closeList = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (index: number) => {
    const project = projects[index];
    setOpen(false);
    if (project) {
      onChange(project._id);
      buttonRef.current?.focus();
    } else setCreating(true);
  };
  const setClientFilter = (filter: string) => {
    setClientFilterState(filter);
    setActive(0);
  };
  const closeDialog = () => {
    setCreating(false);
    buttonRef.current?.focus();
  };

  /** Keyboard of the open list: arrows, Home and End move; Enter or Space pick; Escape or Tab close. */
  const onKeyDown = (e: KeyboardEvent) => {
    const next = moveActive(e.key, active, count);
    if (next !== undefined) {
      e.preventDefault();
      setActive(next);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      closeList();
    }
  };

  return {
    projects,
    isLoading,
    chosen: all.find((p) => p._id === value),
    clientFilter,
    setClientFilter,
    open,
    setOpen,
    active,
    creating,
    buttonRef,
    listRef,
    openList,
    closeList,
    choose,
    closeDialog,
    onKeyDown,
  };
}

export type ProjectPickerState = ReturnType<typeof useProjectPicker>;
