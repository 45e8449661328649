import { api } from '@/lib/api';
import { API_PATHS } from '@/lib/api-keys';
import { type ChartData, type ChartQuery, chartKey, useChartCall } from './chart-query';

/** Hours tracked per period over the range (line). */
export const TIME_TRACKED_CHART_PATH = API_PATHS.timeTrackedChart;

/** GET /api/projecttimetrackedchart */
export const getTimeTrackedChart = (query: ChartQuery) =>
  api<ChartData>('GET', chartKey(TIME_TRACKED_CHART_PATH, query));

/** Hours tracked per period over the range (line). `null` fetches nothing. */
export const useTimeTrackedChart = (query: ChartQuery | null) =>
  useChartCall<ChartData>(TIME_TRACKED_CHART_PATH, query);
