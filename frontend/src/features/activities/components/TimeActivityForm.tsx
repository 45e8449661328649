import { type FormEvent, type KeyboardEvent, useRef } from 'react';
import { Button } from '@/components';
import { useTranslation } from '@/i18n';
import { TIME_ENTRIES, type TimeActivity, useTaskSuggestions } from '../api/entries';
import { useBillableByDefault } from '../api/project-billing';
import { type EntryNotice, useTimeEntryForm } from '../hooks/use-time-entry-form';
import { BillingFields } from './BillingFields';
import { DayField, EntryFormEnd, TaskFields } from './EntryForm';
import { TimeRangeFields } from './TimeRangeFields';
import { TimerControls } from './TimerControls';
import type { ProjectPickerComponent } from './types';

export interface TimeActivityFormProps {
  ProjectPicker: ProjectPickerComponent;
  /** The project chosen at first (from the route). */
  initialProjectId?: string;
  /** Edit mode: the entry being edited. Without it the form tracks new entries (with the timer). */
  activity?: TimeActivity;
}

/**
 * Enter in a text, date or time field does what the person means (the form's `onEnter`) instead
 * of the browser's implicit submit, which pressed 'Save and clear' on an empty entry.
 */
export function enterInField(e: KeyboardEvent, onEnter: () => void) {
  const target = e.target as HTMLElement;
  if (e.key !== 'Enter' || e.defaultPrevented || target.tagName !== 'INPUT') return;
  if ((target as HTMLInputElement).type === 'checkbox') return;
  e.preventDefault();
  onEnter();
}

/**
 * Why nothing was saved, in the specification's words for the time traveller — with, when given,
 * the likely fix at hand (issue 34, item 12): 23:00 to 01:00 is most often a late night, so
 * "Ends the next day?" ticks "+1 day".
 */
export function EntryNoticeText({ notice, onNextDay }: { notice: EntryNotice; onNextDay?: () => void }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <p role="alert" className="time-traveller">
      {notice === 'timeTraveller' ? t('entry.timeTraveller') : t('daily.nothingTracked')}
      {notice === 'timeTraveller' && onNextDay ? (
        <>
          {' '}
          <Button variant="secondary" className="btn-small" onClick={onNextDay}>
            {t('entry.endsNextDay')}
          </Button>
        </>
      ) : null}
    </p>
  );
}

/**
 * 'Track time for a project' (the timer right after the task, billable and tags, then the time by hand; 'Save and
 * clear' keeps the project and the day, and the focus goes to Task) and the edit form of a time entry ('Save' and 'Close' back to the
 * project's details).
 */
export function TimeActivityForm({ ProjectPicker, initialProjectId, activity }: TimeActivityFormProps) {
  const { t } = useTranslation();
  const { index } = useTaskSuggestions(TIME_ENTRIES);
  const ref = useRef<HTMLFormElement>(null);
  // After 'Save and clear' the next entry starts at Task (the project picker is a button before it).
  const form = useTimeEntryForm(activity, initialProjectId, () =>
    ref.current?.querySelector<HTMLInputElement>('input[type="text"], input:not([type])')?.focus(),
  );
  const { editing, draft, set, projectId } = form;
  const billableByDefault = useBillableByDefault(projectId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.onSave();
  };

  return (
    <form
      ref={ref}
      className="card entry-form"
      onSubmit={submit}
      onKeyDown={(e) => enterInField(e, form.onEnter)}
      aria-labelledby="time-form-title"
    >
      <h1 id="time-form-title">{editing ? t('entry.editTime') : t('entry.trackTime')}</h1>
      <ProjectPicker value={projectId} onChange={form.setProjectId} />
      <TaskFields index={index} projectId={projectId} value={draft} onChange={set} />
      <BillingFields value={draft} billableByDefault={billableByDefault} onChange={set} />
      {editing ? null : <TimerControls control={form.timer} onStart={form.onStartTimer} />}
      <fieldset className="entry-manual">
        <legend>{editing ? t('daily.when') : t('daily.byHand')}</legend>
        <DayField value={draft.day} onChange={(day) => set({ day })} />
        <div className="field-row">
          <TimeRangeFields
            value={{ ...draft, duration: form.resolved.duration }}
            durationFromTimes={form.resolved.fromTimes}
            onChange={set}
          />
        </div>
      </fieldset>
      <EntryNoticeText
        notice={form.notice}
        onNextDay={draft.nextDay ? undefined : () => set({ nextDay: true })}
      />
      <EntryFormEnd
        save={form.save}
        submitLabel={editing ? t('common.save') : t('entry.saveAndClear')}
        closeLabel={t('common.close')}
        editing={editing}
        projectId={projectId}
      />
    </form>
  );
}
