import { api } from '@/lib/api';
import { API_PATHS } from '@/lib/api-keys';
import { type ChartData, type ChartQuery, chartKey, useChartCall } from './chart-query';

/** Share of hours per task over the range (pie). */
export const TIME_PER_TASK_CHART_PATH = API_PATHS.timePerTaskChart;

/** GET /api/projecttimepertaskchart */
export const getTimePerTaskChart = (query: ChartQuery) =>
  api<ChartData>('GET', chartKey(TIME_PER_TASK_CHART_PATH, query));

/** Share of hours per task over the range (pie). `null` fetches nothing. */
export const useTimePerTaskChart = (query: ChartQuery | null) =>
  useChartCall<ChartData>(TIME_PER_TASK_CHART_PATH, query);
