import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { type Project, useProjects } from '../api/get-projects';
import { sortByName } from '../lib/sort';
import { CreateProjectDialog } from './CreateProjectDialog';

export interface ProjectPickerProps {
  /** The chosen project's id. */
  value: string | undefined;
  onChange: (projectId: string) => void;
  label?: string;
}

/**
 * The project picker: a button opening a popover that lists the projects sorted by name plus
 * '...Add new project' (which opens the create dialog; a name that already exists picks that
 * project). Keyboard: ArrowUp/ArrowDown move, Enter or Space pick, Escape closes.
 */
export function ProjectPicker({ value, onChange, label }: ProjectPickerProps) {
  const { t } = useTranslation();
  const { data, isLoading } = useProjects();
  const projects = useMemo(() => sortByName(data ?? []), [data]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const chosen = projects.find((p) => p._id === value);
  // The options: every project, then the add option last.
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

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => (i + 1) % count);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i - 1 + count) % count);
    } else if (e.key === 'Home') {
      e.preventDefault();
      setActive(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      setActive(count - 1);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      closeList();
    }
  };

  return (
    <div className="picker">
      <span id={`${id}-label`} className="picker-label">
        {label ?? t('projects.project')}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="picker-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-button`}
        id={`${id}-button`}
        onClick={() => (open ? closeList() : openList())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            openList();
          }
        }}
      >
        {chosen ? chosen.name : t('projects.choose')}
        <span aria-hidden="true"> ▾</span>
      </button>
      {open ? (
        <div
          ref={listRef}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          aria-activedescendant={`${id}-opt-${active}`}
          className="picker-popover"
          onKeyDown={onKeyDown}
          onBlur={(e) => {
            if (
              !e.currentTarget.contains(e.relatedTarget as Node | null) &&
              e.relatedTarget !== buttonRef.current
            )
              setOpen(false);
          }}
        >
          {isLoading ? (
            <div className="picker-loading" aria-live="polite">
              {t('projects.loadingEllipsis')}
            </div>
          ) : null}
          {projects.map((p, i) => (
            <PickerOption
              key={p._id}
              id={`${id}-opt-${i}`}
              active={i === active}
              selected={p._id === value}
              onPick={() => choose(i)}
            >
              {p.name}
            </PickerOption>
          ))}
          <PickerOption
            id={`${id}-opt-${projects.length}`}
            active={active === projects.length}
            selected={false}
            onPick={() => choose(projects.length)}
            className="picker-add"
          >
            {t('projects.addNew')}
          </PickerOption>
        </div>
      ) : null}
      <CreateProjectDialog
        open={creating}
        onClose={() => {
          setCreating(false);
          buttonRef.current?.focus();
        }}
        onCreated={(project: Project) => onChange(project._id)}
      />
    </div>
  );
}

function PickerOption({
  id,
  active,
  selected,
  onPick,
  className,
  children,
}: {
  id: string;
  active: boolean;
  selected: boolean;
  onPick: () => void;
  className?: string;
  children: string;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox owns the keyboard (aria-activedescendant)
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      // mousedown keeps the focus in the list, so its blur does not close it before the pick.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPick}
    >
      {children}
    </div>
  );
}
