import { type ChartQuery, getChart, useChartCall } from './chart-query';

/** GET /api/projecttotaltimetrackedchart */
export const getTotalTimeTrackedChart = (query: ChartQuery) => getChart('getTotalTimeTrackedChart', query);

/** Total hours per project (bar); takes projectid only. `null` fetches nothing. */
export const useTotalTimeTrackedChart = (query: ChartQuery | null) =>
  useChartCall('getTotalTimeTrackedChart', query);
