import type { TimePerSubTaskRow } from '@contract/responses';
import { type ChartQuery, getChart, useChartCall } from './chart-query';

export type { TimePerSubTaskRow };

/** GET /api/projecttimepersubtaskgrid */
export const getTimePerSubTaskGrid = (query: ChartQuery) => getChart('getTimePerSubtaskGrid', query);

/** Hours per task and sub-task of a project over the range. `null` fetches nothing. */
export const useTimePerSubTaskGrid = (query: ChartQuery | null) =>
  useChartCall('getTimePerSubtaskGrid', query);
