import { api } from '@/lib/api';
import { API_PATHS } from '@/lib/api-keys';
import { type ChartData, type ChartQuery, chartKey, useChartCall } from './chart-query';

/** Profit or loss per hour tracked (line); takes projectid only. */
export const PROFIT_LOSS_PER_HOUR_CHART_PATH = API_PATHS.profitLossPerHourChart;

/** GET /api/projectprofitlossperhourchart */
export const getProfitLossPerHourChart = (query: ChartQuery) =>
  api<ChartData>('GET', chartKey(PROFIT_LOSS_PER_HOUR_CHART_PATH, query));

/** Profit or loss per hour tracked (line); takes projectid only. `null` fetches nothing. */
export const useProfitLossPerHourChart = (query: ChartQuery | null) =>
  useChartCall<ChartData>(PROFIT_LOSS_PER_HOUR_CHART_PATH, query);
