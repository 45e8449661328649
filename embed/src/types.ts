import type { Dataset, EmbeddedChart } from '../../contract/responses';

/** One dataset of an embedded chart; the embed draws with its own colours where one is missing. */
export type EmbedDataset = Pick<Dataset, 'label' | 'data'> &
  Partial<Pick<Dataset, 'borderWidth' | 'borderColor' | 'backgroundColor'>>;

/**
 * What the embed draws from the answer of `GET /api/embed/{userId}/{projectId}/{chartType}/{chartKind}`:
 * the chart, the powered-by choice, and (when present) the owner's currency, number format and
 * project name.
 */
export type EmbedChartData = Pick<EmbeddedChart, 'labels' | 'showPoweredBy'> & {
  datasets: EmbedDataset[];
} & Partial<Pick<EmbeddedChart, 'currency' | 'numberFormat' | 'projectName'>>;
