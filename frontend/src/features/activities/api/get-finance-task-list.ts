import { useMemo } from 'react';
import useSWR from 'swr';
import { client, fetcher } from '@/lib/api-client';
import { buildTaskIndex } from '../lib/task-suggestions';

/** The SWR key of the income/expense suggestions (tasks and sub-tasks per project). */
export const FINANCE_TASK_LIST_KEY = client.url('getProjectFinanceTaskList');

/** GET /api/projectfinancetasklist */
export const getFinanceTaskList = () => client.call('getProjectFinanceTaskList');

/** Earlier tasks and sub-tasks of income and expense entries, per project. */
export function useFinanceTaskList() {
  const swr = useSWR<unknown>(FINANCE_TASK_LIST_KEY, fetcher);
  const index = useMemo(() => buildTaskIndex(swr.data), [swr.data]);
  return { ...swr, index };
}
