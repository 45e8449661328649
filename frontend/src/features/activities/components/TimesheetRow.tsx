import { useRef, useState } from 'react';
import { Button, ConfirmDialog, FormError, MenuButton, UpgradePrompt } from '@/components';
import { hidden, rich, useTranslation } from '@/i18n';
import { formatDuration, formatDurationLong, formatTime } from '@/lib/format';
import type { TimeActivity } from '../api/entries';
import type { TimerControl } from '../hooks/use-timer-control';
import { useTimesheetRow } from '../hooks/use-timesheet-row';
import { BillingSummary } from './BillingFields';
import { TimerButtons } from './TimerButtons';
import { TimesheetEdit } from './TimesheetEdit';

export interface TimesheetRowProps {
  entry: TimeActivity;
  projects: { _id: string; name: string }[];
  timer: TimerControl;
  onChanged: () => void;
}

const projectNameOf = (projects: TimesheetRowProps['projects'], id: string) =>
  projects.find((p) => p._id === id)?.name;

/**
 * One entry: what it is first (task and sub-task), then its project, billable and tags, times and
 * duration, with Continue and a menu of the rest: Mark billable or not, Edit (in place: the form
 * takes the focus, and Escape or Cancel hands it back to the menu's button) and Delete.
 */
export function TimesheetRow({ entry, projects, timer, onChanged }: TimesheetRowProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const row = useTimesheetRow(entry, timer, onChanged);
  const editButton = useRef<HTMLButtonElement>(null);
  const projectName = projectNameOf(projects, entry.projectId) ?? t('projects.project');
  const task = [entry.activity, entry.description].filter(Boolean).join(' · ') || t('entry.noTask');
  const times =
    entry.startTime || entry.endTime ? `${formatTime(entry.startTime)}–${formatTime(entry.endTime)}` : '';
  const close = (changed: boolean) => {
    setEditing(false);
    if (changed) onChanged();
    // The button is back once the form is gone.
    setTimeout(() => editButton.current?.focus());
  };

  if (editing) {
    return (
      <li className="row timesheet-edit">
        <TimesheetEdit
          entry={entry}
          projects={projects}
          onDone={() => close(true)}
          onCancel={() => close(false)}
        />
      </li>
    );
  }
  return (
    <li className="row">
      <span className="row-main">
        <span className="row-title">
          <strong>{task}</strong> <span className="row-project muted">{projectName}</span>
          {entry.invoiceId ? <span className="badge badge-invoiced">{t('invoices.invoiced')}</span> : null}
        </span>
        <BillingSummary billable={entry.billable} tags={entry.tags} />
        <span className="row-times muted">{times}</span>
        <span className="row-value">{formatDuration(entry.duration)}</span>
      </span>
      <span className="row-actions">
        <Button variant="ghost" onClick={row.onContinue} disabled={timer.action.busy}>
          {rich(t('timesheet.continue', { task }), { h: hidden })}
        </Button>
        <MenuButton
          label={t('timesheet.actions', { task })}
          buttonRef={editButton}
          items={[
            {
              label: rich(t(entry.billable ? 'tagging.markNotBillable' : 'tagging.markBillable', { task }), {
                h: hidden,
              }),
              onSelect: row.onToggleBillable,
              disabled: row.busy,
            },
            { label: rich(t('timesheet.edit', { task }), { h: hidden }), onSelect: () => setEditing(true) },
            {
              label: rich(t('timesheet.delete', { task }), { h: hidden }),
              onSelect: () => row.setConfirming(true),
              danger: true,
            },
          ]}
        >
          <span className="menu-dots" aria-hidden="true" />
        </MenuButton>
      </span>
      <FormError>{row.error}</FormError>
      <ConfirmDialog
        open={row.confirming}
        title={t('timesheet.deleteTitle')}
        message={`${projectName} · ${task} · ${formatDuration(entry.duration)}`}
        confirmLabel={t('timesheet.deleteConfirm')}
        onCancel={() => row.setConfirming(false)}
        onConfirm={row.onDelete}
      />
    </li>
  );
}

/** The running timer as a row of its day: project, task, the time so far (live), Pause, Stop, Discard. */
export function RunningRow({
  timer,
  projects,
}: {
  timer: TimerControl;
  projects: TimesheetRowProps['projects'];
}) {
  const { t } = useTranslation();
  const { running } = timer;
  if (!running) return null;
  const task = [running.activity, running.description].filter(Boolean).join(' · ') || t('entry.noTask');
  return (
    <li className="row running-row" aria-label={t('daily.runningEntry', { task })}>
      <span className="row-main">
        <span className="row-title">
          <strong>{projectNameOf(projects, running.projectId) ?? t('projects.project')}</strong>{' '}
          <span className="muted">· {task}</span>
        </span>
        <BillingSummary billable={running.billable} tags={running.tags} />
        <span className="row-times muted">
          {formatTime(running.startedAt)}–<span className="badge badge-running">{t('daily.running')}</span>
        </span>
        <span className="row-value" role="timer">
          {formatDurationLong(timer.elapsed)}
        </span>
      </span>
      <span className="row-actions">
        <TimerButtons control={timer} />
      </span>
      <FormError>{timer.error}</FormError>
      <UpgradePrompt {...timer.action.upgrade} />
    </li>
  );
}
