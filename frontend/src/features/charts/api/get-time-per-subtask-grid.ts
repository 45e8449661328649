import type { TimePerSubTaskRow } from '@contract/responses';
import { api } from '@/lib/api';
import { API_PATHS } from '@/lib/api-keys';
import { type ChartQuery, chartKey, useChartCall } from './chart-query';

export type { TimePerSubTaskRow };

export const TIME_PER_SUBTASK_GRID_PATH = API_PATHS.timePerSubTaskGrid;

/** GET /api/projecttimepersubtaskgrid */
export const getTimePerSubTaskGrid = (query: ChartQuery) =>
  api<TimePerSubTaskRow[]>('GET', chartKey(TIME_PER_SUBTASK_GRID_PATH, query));

/** Hours per task and sub-task of a project over the range. `null` fetches nothing. */
export const useTimePerSubTaskGrid = (query: ChartQuery | null) =>
  useChartCall<TimePerSubTaskRow[]>(TIME_PER_SUBTASK_GRID_PATH, query);
