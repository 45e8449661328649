import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from '@/i18n';
import { matchPrefix } from '../lib/task-suggestions';

export interface SuggestInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Earlier values to suggest from (the chosen project's). */
  suggestions: readonly string[];
  name?: string;
}

/**
 * The combobox's state: whether the list is open, the highlighted option, and its keyboard. A
 * picked suggestion goes to `onPick` when given (the tags input adds it), else it becomes the value.
 */
export function useSuggest(
  value: string,
  onChange: (value: string) => void,
  suggestions: readonly string[],
  onPick?: (choice: string) => void,
) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = open ? matchPrefix(suggestions, value) : [];
  const expanded = matches.length > 0;

  const pick = (choice: string) => {
    (onPick ?? onChange)(choice);
    setOpen(false);
    setActive(-1);
  };
  const type = (typed: string) => {
    onChange(typed);
    setOpen(true);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive((i) => (matches.length ? (i + 1) % matches.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (matches.length ? (i <= 0 ? matches.length - 1 : i - 1) : -1));
    } else if (e.key === 'Enter' && expanded && active >= 0) {
      // Enter picks the highlighted suggestion instead of submitting the form.
      e.preventDefault();
      const choice = matches[active];
      if (choice !== undefined) pick(choice);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return { matches, expanded, active, pick, type, close: () => setOpen(false), onKeyDown };
}

/**
 * A text input with suggestions, as the ARIA 1.2 combobox pattern: suggestions whose start matches
 * what is typed (case-insensitive, from the first character), ArrowDown/ArrowUp to move, Enter to
 * pick, Escape to close. The highlighted option is announced through aria-activedescendant.
 */
export function SuggestInput({ label, value, onChange, suggestions, name }: SuggestInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const { matches, expanded, active, pick, type, close, onKeyDown } = useSuggest(
    value,
    onChange,
    suggestions,
  );

  return (
    <div className="suggest">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        value={value}
        onChange={(e) => type(e.target.value)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('entry.suggestions', { label })}
        className="suggest-list"
        hidden={!expanded}
      >
        {matches.map((m, i) => (
          <div
            key={m}
            id={`${id}-opt-${i}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(m);
            }}
          >
            {m}
          </div>
        ))}
      </div>
    </div>
  );
}
