import { api } from '@/lib/api';
import { API_PATHS } from '@/lib/api-keys';
import { type ChartData, type ChartQuery, chartKey, useChartCall } from './chart-query';

/** Total hours per project (bar); takes projectid only. */
export const TOTAL_TIME_TRACKED_CHART_PATH = API_PATHS.totalTimeTrackedChart;

/** GET /api/projecttotaltimetrackedchart */
export const getTotalTimeTrackedChart = (query: ChartQuery) =>
  api<ChartData>('GET', chartKey(TOTAL_TIME_TRACKED_CHART_PATH, query));

/** Total hours per project (bar); takes projectid only. `null` fetches nothing. */
export const useTotalTimeTrackedChart = (query: ChartQuery | null) =>
  useChartCall<ChartData>(TOTAL_TIME_TRACKED_CHART_PATH, query);
