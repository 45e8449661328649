import type { TimeActivityCreateBody } from '@contract/activities';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { revalidateAfterActivityChange } from './revalidate';

/**
 * What the track-time form sends: every field of the body but `_id`. `date` is midnight UTC of the
 * day; times are ISO or null.
 */
export type TimeActivityInput = Required<Omit<TimeActivityCreateBody, '_id' | 'billable' | 'tags'>> &
  Pick<TimeActivityCreateBody, 'billable' | 'tags'>;

/**
 * POST /api/timeactivities. `_id` is a ULID the form makes per entry: re-sending the same entry (a retry
 * after a lost answer) is stored and counted once.
 */
export const createTimeActivity = (input: TimeActivityCreateBody) =>
  client.call('createTimeActivity', { body: input });

/** Creates a time entry and revalidates the projects list, the project's lists and the charts. */
export function useCreateTimeActivity() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: TimeActivityInput & Pick<TimeActivityCreateBody, '_id'>) => {
      const created = await createTimeActivity(input);
      await revalidateAfterActivityChange(mutate, [input.projectId]);
      return created;
    },
    [mutate],
  );
}
