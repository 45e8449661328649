import type { TimeActivityUpdateBody } from '@contract/activities';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import type { TimeActivityInput } from './create-time-activity';
import type { TimeActivity } from './get-time-activities';
import { revalidateAfterActivityChange } from './revalidate';

/** PUT /api/timeActivities/{id} (the specification's casing). */
export const updateTimeActivity = (id: string, input: TimeActivityUpdateBody) =>
  api<TimeActivity>('PUT', `/api/timeActivities/${encodeURIComponent(id)}`, input);

/** Updates a time entry; revalidates both the old and the new project when it moved. */
export function useUpdateTimeActivity() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, input: TimeActivityInput, previousProjectId?: string) => {
      const updated = await updateTimeActivity(id, input);
      await revalidateAfterActivityChange(mutate, [input.projectId, previousProjectId ?? input.projectId]);
      return updated;
    },
    [mutate],
  );
}
