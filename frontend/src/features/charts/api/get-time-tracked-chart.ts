import { type ChartQuery, getChart, useChartCall } from './chart-query';

/** GET /api/projecttimetrackedchart */
export const getTimeTrackedChart = (query: ChartQuery) => getChart('getTimeTrackedChart', query);

/** Hours tracked per period over the range (line). `null` fetches nothing. */
export const useTimeTrackedChart = (query: ChartQuery | null) => useChartCall('getTimeTrackedChart', query);
