import { useMemo } from 'react';
import useSWR from 'swr';
import { api, fetcher } from '@/lib/api';
import { API_PATHS } from '@/lib/api-keys';
import { buildTaskIndex } from '../lib/task-suggestions';

/** The SWR key of the income/expense suggestions (tasks and sub-tasks per project). */
export const FINANCE_TASK_LIST_KEY = API_PATHS.financeTaskList;

/** GET /api/projectfinancetasklist */
export const getFinanceTaskList = () => api<unknown>('GET', FINANCE_TASK_LIST_KEY);

/** Earlier tasks and sub-tasks of income and expense entries, per project. */
export function useFinanceTaskList() {
  const swr = useSWR<unknown>(FINANCE_TASK_LIST_KEY, fetcher);
  const index = useMemo(() => buildTaskIndex(swr.data), [swr.data]);
  return { ...swr, index };
}
