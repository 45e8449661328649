import { MAX_TAG_LENGTH, MAX_TAGS, normaliseTags } from '@contract/tags';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from '@/i18n';
import { useTagNames } from '@/lib/tags';
import { useSuggest } from './SuggestInput';

export interface TagsInputProps {
  value: readonly string[];
  onChange: (tags: string[]) => void;
}

/** The tags with one more (trimmed, a repeat ignoring case dropped, at most 20, each ≤ 50 characters). */
function withTag(tags: readonly string[], tag: string): string[] {
  const result = normaliseTags([...tags, tag]);
  return 'tags' in result ? result.tags : [...tags];
}

/** What the remove button shows (its name is the words 'Remove tag …'). */
const REMOVE_MARK = '\u00d7';

/** The tags so far, each with its remove button. */
function TagChips({ tags, onRemove }: { tags: readonly string[]; onRemove: (tag: string) => void }) {
  const { t } = useTranslation();
  if (tags.length === 0) return null;
  return (
    <ul className="tag-chips">
      {tags.map((tag) => (
        <li key={tag} className="tag-chip">
          <span>{tag}</span>
          <button type="button" aria-label={t('tagging.removeTag', { tag })} onClick={() => onRemove(tag)}>
            {REMOVE_MARK}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * An entry's tags: the chosen ones as chips (each removable), and a field to add one — Enter or a
 * comma adds what is typed, the suggestions (the user's tags, most used first, as `GET /api/tags`
 * answers; those already chosen left out) are picked as the task suggestions are. Backspace in
 * the empty field removes the last tag; leaving the field keeps what was typed as a tag.
 */
export function TagsInput({ value, onChange }: TagsInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const chosen = new Set(value.map((tag) => tag.toLowerCase()));
  const suggestions = useTagNames().filter((name) => !chosen.has(name.toLowerCase()));
  const add = (tag: string) => {
    if (tag.trim()) onChange(withTag(value, tag));
    setText('');
  };
  const suggest = useSuggest(text, setText, suggestions, add);
  const full = value.length >= MAX_TAGS;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    suggest.onKeyDown(e);
    if (e.defaultPrevented) return;
    if ((e.key === 'Enter' || e.key === ',') && text.trim()) {
      e.preventDefault();
      add(text);
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <fieldset className="tags-input suggest">
      <legend className="label">{t('tagging.tags')}</legend>
      <TagChips tags={value} onRemove={(tag) => onChange(value.filter((x) => x !== tag))} />
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-label={t('tagging.addTag')}
        aria-autocomplete="list"
        aria-expanded={suggest.expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={
          suggest.expanded && suggest.active >= 0 ? `${id}-opt-${suggest.active}` : undefined
        }
        placeholder={full ? t('tagging.full', { max: MAX_TAGS }) : t('tagging.addTag')}
        disabled={full}
        maxLength={MAX_TAG_LENGTH}
        value={text}
        onChange={(e) => suggest.type(e.target.value)}
        onBlur={() => {
          suggest.close();
          if (text.trim()) add(text);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label={t('tagging.suggestions')}
        className="suggest-list"
        hidden={!suggest.expanded}
      >
        {suggest.matches.map((m, i) => (
          <div
            key={m}
            id={`${id}-opt-${i}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === suggest.active}
            className={i === suggest.active ? 'active' : undefined}
            onMouseDown={(e) => {
              e.preventDefault();
              suggest.pick(m);
            }}
          >
            {m}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
