import type { TimePerTaskRow } from '@contract/responses';
import { api } from '@/lib/api';
import { API_PATHS } from '@/lib/api-keys';
import { type ChartQuery, chartKey, useChartCall } from './chart-query';

export type { TimePerTaskRow };

export const TIME_PER_TASK_GRID_PATH = API_PATHS.timePerTaskGrid;

/** GET /api/projecttimepertaskgrid */
export const getTimePerTaskGrid = (query: ChartQuery) =>
  api<TimePerTaskRow[]>('GET', chartKey(TIME_PER_TASK_GRID_PATH, query));

/** Hours per task of a project over the range. `null` fetches nothing. */
export const useTimePerTaskGrid = (query: ChartQuery | null) =>
  useChartCall<TimePerTaskRow[]>(TIME_PER_TASK_GRID_PATH, query);
