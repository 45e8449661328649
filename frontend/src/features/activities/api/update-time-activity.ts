import type { TimeActivityUpdateBody } from '@contract/activities';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import type { TimeActivityInput } from './create-time-activity';
import { revalidateAfterActivityChange } from './revalidate';

/** PUT /api/timeActivities/{id} (the specification's casing). */
export const updateTimeActivity = (id: string, input: TimeActivityUpdateBody) =>
  client.call('updateTimeActivity', { path: { id }, body: input });

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
