import { useMemo } from 'react';
import useSWR from 'swr';
import { client, fetcher } from '@/lib/api-client';
import { buildTaskIndex } from '../lib/task-suggestions';

/** The SWR key of the time-entry suggestions (tasks and sub-tasks per project). */
export const TASK_LIST_KEY = client.url('getProjectTaskList');

/** GET /api/projecttasklist */
export const getTaskList = () => client.call('getProjectTaskList');

/** Earlier tasks and sub-tasks of time entries, per project. */
export function useTaskList() {
  const swr = useSWR<unknown>(TASK_LIST_KEY, fetcher);
  const index = useMemo(() => buildTaskIndex(swr.data), [swr.data]);
  return { ...swr, index };
}
