import type { Answer, QueryOf } from '@contract/client';
import type { ChartData, Dataset } from '@contract/responses';
import useSWR from 'swr';
import { client, fetcher } from '@/lib/api-client';

/** A chart answer: time in hours, money in the user's currency. */
export type { ChartData };
/** One dataset of a chart answer. */
export type ChartDataset = Dataset;

/**
 * Query of a chart or grid call, the contract's (`chartQuerySchema` in `contract/queries.ts`):
 * days are 'yyyy-mm-dd', inclusive; a new `colorseed` makes the server answer another (still
 * readable) palette: 'Change colours'.
 */
export type ChartQuery = QueryOf<'getTimeTrackedChart'>;

/** The chart and grid endpoints, which all take the chart query. */
export type ChartEndpoint =
  | 'getTimePerProjectChart'
  | 'getTimeTrackedChart'
  | 'getProfitLossChart'
  | 'getTimePerTaskChart'
  | 'getTimePerTaskGrid'
  | 'getTimePerSubtaskGrid'
  | 'getTotalTimeTrackedChart'
  | 'getProfitLossPerHourChart';

/**
 * The SWR key of a chart call: the API path with its query, so a new range, project or colour seed
 * is a new key (and a new fetch) while equal queries share one cache entry.
 */
export const chartKey = (name: ChartEndpoint, query: ChartQuery): string => client.url(name, { query });

/** One chart or grid. */
export const getChart = <N extends ChartEndpoint>(name: N, query: ChartQuery) =>
  client.call(name as ChartEndpoint, { query }) as Promise<Answer<N>>;

/** Fetches one chart or grid; `null` query fetches nothing. */
export function useChartCall<N extends ChartEndpoint>(name: N, query: ChartQuery | null) {
  return useSWR<Answer<N>>(query ? chartKey(name, query) : null, fetcher, { keepPreviousData: true });
}
