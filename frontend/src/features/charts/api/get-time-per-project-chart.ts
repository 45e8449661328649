import { type ChartQuery, getChart, useChartCall } from './chart-query';

/** GET /api/projecttimeperprojectchart */
export const getTimePerProjectChart = (query: ChartQuery) => getChart('getTimePerProjectChart', query);

/** Share of hours per project (pie). `null` fetches nothing. */
export const useTimePerProjectChart = (query: ChartQuery | null) =>
  useChartCall('getTimePerProjectChart', query);
