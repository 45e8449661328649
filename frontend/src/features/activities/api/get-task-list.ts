import { useMemo } from 'react';
import useSWR from 'swr';
import { api, fetcher } from '@/lib/api';
import { API_PATHS } from '@/lib/api-keys';
import { buildTaskIndex } from '../lib/task-suggestions';

/** The SWR key of the time-entry suggestions (tasks and sub-tasks per project). */
export const TASK_LIST_KEY = API_PATHS.taskList;

/** GET /api/projecttasklist */
export const getTaskList = () => api<unknown>('GET', TASK_LIST_KEY);

/** Earlier tasks and sub-tasks of time entries, per project. */
export function useTaskList() {
  const swr = useSWR<unknown>(TASK_LIST_KEY, fetcher);
  const index = useMemo(() => buildTaskIndex(swr.data), [swr.data]);
  return { ...swr, index };
}
