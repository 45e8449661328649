/** The answer of `GET /api/embed/{userId}/{projectId}/{chartType}/{chartKind}` (CONTRACT §2). */
export interface EmbedDataset {
  label: string;
  data: number[];
  borderWidth?: number;
  /** One colour for the dataset, or one per data point (pies, per-project bars). */
  borderColor?: string | string[];
  backgroundColor?: string | string[];
}

export interface EmbedChartData {
  labels: string[];
  datasets: EmbedDataset[];
  /** False only when a premium user turned the powered-by line off. */
  showPoweredBy: boolean;
  /** ISO 4217 code of the user's currency, e.g. `EUR`. */
  currency?: string;
  /** The user's number format, a BCP 47 locale such as `de-DE`. */
  numberFormat?: string;
  projectName?: string;
}
