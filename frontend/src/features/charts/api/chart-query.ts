import type { ChartData, Dataset } from '@contract/responses';
import useSWR from 'swr';
import { fetcher } from '@/lib/api';

/** A chart answer: time in hours, money in the user's currency. */
export type { ChartData };
/** One dataset of a chart answer. */
export type ChartDataset = Dataset;

/** Query of a chart or grid call. Days are 'yyyy-mm-dd', inclusive. */
export interface ChartQuery {
  startdate?: string;
  enddate?: string;
  projectid?: string;
  /** A new seed makes the server answer another (still readable) palette: 'Change colours'. */
  colorseed?: number;
}

/**
 * The SWR key of a chart call: the API path with its query, so a new range, project or colour seed
 * is a new key (and a new fetch) while equal queries share one cache entry.
 */
export function chartKey(path: string, query: ChartQuery): string {
  const params = new URLSearchParams();
  for (const name of ['startdate', 'enddate', 'projectid', 'colorseed'] as const) {
    const value = query[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Fetches one chart or grid; `null` query fetches nothing. */
export function useChartCall<T>(path: string, query: ChartQuery | null) {
  return useSWR<T>(query ? chartKey(path, query) : null, fetcher, { keepPreviousData: true });
}
