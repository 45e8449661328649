import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import type { TimeActivity } from './get-time-activities';
import { revalidateAfterActivityChange } from './revalidate';

/** What the track-time form sends. `date` is midnight UTC of the day; times are ISO or null. */
export interface TimeActivityInput {
  projectId: string;
  activity: string;
  description: string;
  date: string;
  startTime: string | null;
  endTime: string | null;
  duration: number;
}

/**
 * POST /api/timeactivities. `_id` is a ULID the form makes per entry: re-sending the same entry (a retry
 * after a lost answer) is stored and counted once.
 */
export const createTimeActivity = (input: TimeActivityInput & { _id?: string }) =>
  api<TimeActivity>('POST', '/api/timeactivities', input);

/** Creates a time entry and revalidates the projects list, the project's lists and the charts. */
export function useCreateTimeActivity() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: TimeActivityInput & { _id?: string }) => {
      const created = await createTimeActivity(input);
      await revalidateAfterActivityChange(mutate, [input.projectId]);
      return created;
    },
    [mutate],
  );
}
