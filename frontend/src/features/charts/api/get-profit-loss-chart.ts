import { api } from '@/lib/api';
import { API_PATHS } from '@/lib/api-keys';
import { type ChartData, type ChartQuery, chartKey, useChartCall } from './chart-query';

/** Income minus expenses per period over the range (line). */
export const PROFIT_LOSS_CHART_PATH = API_PATHS.profitLossChart;

/** GET /api/projectprofitlosschart */
export const getProfitLossChart = (query: ChartQuery) =>
  api<ChartData>('GET', chartKey(PROFIT_LOSS_CHART_PATH, query));

/** Income minus expenses per period over the range (line). `null` fetches nothing. */
export const useProfitLossChart = (query: ChartQuery | null) =>
  useChartCall<ChartData>(PROFIT_LOSS_CHART_PATH, query);
