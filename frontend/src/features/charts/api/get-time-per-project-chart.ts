import { api } from '@/lib/api';
import { API_PATHS } from '@/lib/api-keys';
import { type ChartData, type ChartQuery, chartKey, useChartCall } from './chart-query';

/** Share of hours per project (pie). */
export const TIME_PER_PROJECT_CHART_PATH = API_PATHS.timePerProjectChart;

/** GET /api/projecttimeperprojectchart */
export const getTimePerProjectChart = (query: ChartQuery) =>
  api<ChartData>('GET', chartKey(TIME_PER_PROJECT_CHART_PATH, query));

/** Share of hours per project (pie). `null` fetches nothing. */
export const useTimePerProjectChart = (query: ChartQuery | null) =>
  useChartCall<ChartData>(TIME_PER_PROJECT_CHART_PATH, query);
