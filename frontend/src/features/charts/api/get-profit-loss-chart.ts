import { type ChartQuery, getChart, useChartCall } from './chart-query';

/** GET /api/projectprofitlosschart */
export const getProfitLossChart = (query: ChartQuery) => getChart('getProfitLossChart', query);

/** Income minus expenses per period over the range (line). `null` fetches nothing. */
export const useProfitLossChart = (query: ChartQuery | null) => useChartCall('getProfitLossChart', query);
