import { type ChartQuery, getChart, useChartCall } from './chart-query';

/** GET /api/projecttimepertaskchart */
export const getTimePerTaskChart = (query: ChartQuery) => getChart('getTimePerTaskChart', query);

/** Share of hours per task over the range (pie). `null` fetches nothing. */
export const useTimePerTaskChart = (query: ChartQuery | null) => useChartCall('getTimePerTaskChart', query);
