import { type ChartQuery, getChart, useChartCall } from './chart-query';

/** GET /api/projectprofitlossperhourchart */
export const getProfitLossPerHourChart = (query: ChartQuery) => getChart('getProfitLossPerHourChart', query);

/** Profit or loss per hour tracked (line); takes projectid only. `null` fetches nothing. */
export const useProfitLossPerHourChart = (query: ChartQuery | null) =>
  useChartCall('getProfitLossPerHourChart', query);
