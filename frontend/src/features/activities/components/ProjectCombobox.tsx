import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import { useTranslation } from '@/i18n';
import { useClients } from '@/lib/clients';
import { type ProjectOption, type ProjectRef, projectNamed, projectOptions } from '../lib/project-options';

export interface ProjectComboboxProps {
  projects: ProjectRef[];
  /** Recently used project ids, most recent first. */
  recentIds: string[];
  value: string | undefined;
  onChange: (projectId: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A project type-ahead (the ARIA 1.2 combobox pattern): typing filters the projects by their name or
 * their client's, recently used first; ArrowDown/ArrowUp move, Enter or Tab pick the highlighted one, Escape closes the list.
 * Enter with the list closed submits the form it is in (the quick entry's Start).
 */
export function ProjectCombobox({ projects, recentIds, value, onChange, inputRef }: ProjectComboboxProps) {
  const { t } = useTranslation();
  const id = useId();
  const chosen = projects.find((p) => p._id === value);
  const [text, setText] = useState(chosen?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Tab picks only what was typed: passing through the field changes nothing.
  const [typed, setTyped] = useState(false);
  const { data: clients } = useClients();
  const options = open ? projectOptions(projects, recentIds, text, chosen?.name, clients) : [];
  // A project chosen elsewhere (a timer started on another screen) shows its name.
  useEffect(() => setText(chosen?.name ?? ''), [chosen?.name]);

  const pick = (option: ProjectOption | undefined) => {
    setOpen(false);
    setTyped(false);
    if (!option) return;
    setText(option.name);
    onChange(option._id);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const move = (by: number) => {
      e.preventDefault();
      if (!open) return setOpen(true);
      setActive((i) => (options.length ? (i + by + options.length) % options.length : 0));
    };
    if (e.key === 'ArrowDown') move(1);
    else if (e.key === 'ArrowUp') move(-1);
    else if ((e.key === 'Enter' || (e.key === 'Tab' && typed)) && open && options.length > 0) {
      if (e.key === 'Enter') e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };
  const onBlur = () => {
    setOpen(false);
    const named = projectNamed(projects, text);
    if (named) pick({ ...named, recent: false });
    else setText(chosen?.name ?? '');
  };

  return (
    <div className="combobox">
      <label htmlFor={id} className="visually-hidden">
        {t('projects.project')}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder={t('daily.projectPlaceholder')}
        aria-autocomplete="list"
        aria-expanded={open && options.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={open && options[active] ? `${id}-opt-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setTyped(true);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
      />
      <OptionList id={id} options={options} active={active} open={open} text={text} onPick={pick} />
    </div>
  );
}

interface OptionListProps {
  id: string;
  options: ProjectOption[];
  active: number;
  open: boolean;
  text: string;
  onPick: (option: ProjectOption) => void;
}

/** The listbox: recently used projects, then all others; a line when nothing matches. */
function OptionList({ id, options, active, open, text, onPick }: OptionListProps) {
  const { t } = useTranslation();
  return (
    <div
      id={`${id}-list`}
      role="listbox"
      aria-label={t('projects.project')}
      className="combobox-list"
      hidden={!open}
    >
      {open && options.length === 0 ? (
        <div className="combobox-empty muted">{t('daily.noProjectMatches', { text })}</div>
      ) : null}
      {options.map((o, i) => (
        <div
          key={o._id}
          id={`${id}-opt-${i}`}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          className={
            [i === active ? 'active' : '', o.recent ? 'recent' : ''].filter(Boolean).join(' ') || undefined
          }
          // mousedown, not click: the input's blur would close the list before a click lands.
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(o);
          }}
        >
          {o.name}
          {o.client ? <span className="muted"> · {o.client}</span> : null}
          {o.recent && (i === 0 || !options[i - 1]?.recent) ? (
            <span className="combobox-group muted"> · {t('daily.recentProjects')}</span>
          ) : null}
        </div>
      ))}
    </div>
  );
}
