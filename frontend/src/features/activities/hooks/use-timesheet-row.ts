import { useState } from 'react';
import { useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/error-text';
import { TIME_ENTRIES, type TimeActivity, useDeleteEntry, useUpdateEntry } from '../api/entries';
import type { TimerControl } from './use-timer-control';

/**
 * What a timesheet row does besides its edit form: Continue (a timer with the entry's project,
 * task, billable and tags), Mark billable or not (in place, everything else kept) and Delete
 * (after the confirmation); a failure is kept in words.
 */
export function useTimesheetRow(entry: TimeActivity, timer: TimerControl, onChanged: () => void) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const deleteTimeActivity = useDeleteEntry(TIME_ENTRIES);
  const updateTimeActivity = useUpdateEntry(TIME_ENTRIES);
  const toast = useToast();

  const onContinue = async () => {
    const { projectId, activity, description, billable, tags } = entry;
    if (await timer.start({ projectId, activity, description, billable, tags }))
      toast.show(t('timesheet.timerRunning'), 1500);
  };
  const onToggleBillable = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { projectId, activity, description, date, startTime, endTime, duration, tags } = entry;
      const input = { projectId, activity, description, date, startTime, endTime, duration, tags };
      await updateTimeActivity(entry._id, { ...input, billable: !entry.billable });
      onChanged();
    } catch (err) {
      setError(err instanceof Error ? errorMessage(err) : t('tagging.saveFailed'));
    } finally {
      setBusy(false);
    }
  };
  const onDelete = async () => {
    try {
      await deleteTimeActivity(entry._id, entry.projectId);
      setConfirming(false);
      onChanged();
    } catch (err) {
      setError(err instanceof Error ? errorMessage(err) : t('entry.deleteFailed'));
    }
  };
  return { confirming, setConfirming, error, busy, onContinue, onToggleBillable, onDelete };
}
