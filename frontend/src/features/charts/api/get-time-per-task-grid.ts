import type { TimePerTaskRow } from '@contract/responses';
import { type ChartQuery, getChart, useChartCall } from './chart-query';

export type { TimePerTaskRow };

/** GET /api/projecttimepertaskgrid */
export const getTimePerTaskGrid = (query: ChartQuery) => getChart('getTimePerTaskGrid', query);

/** Hours per task of a project over the range. `null` fetches nothing. */
export const useTimePerTaskGrid = (query: ChartQuery | null) => useChartCall('getTimePerTaskGrid', query);
