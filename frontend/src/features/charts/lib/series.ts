import type { ChartData, ChartDataset } from '../api/chart-query';

/** A dataset that gives no colour is drawn blue. */
export const DEFAULT_COLOUR = '#3b82f6';

const first = (c: string | string[] | undefined): string | undefined => (Array.isArray(c) ? c[0] : c);

/** The line/stroke colour of a dataset. */
export function lineColour(ds: ChartDataset): string {
  return first(ds.borderColor) ?? first(ds.backgroundColor) ?? DEFAULT_COLOUR;
}

/** One colour per point (bars, pie slices): the dataset's array, its single colour, or blue. */
export function pointColours(ds: ChartDataset, count: number): string[] {
  const bg = ds.backgroundColor ?? ds.borderColor;
  return Array.from({ length: count }, (_, i) =>
    Array.isArray(bg) ? (bg[i % Math.max(bg.length, 1)] ?? DEFAULT_COLOUR) : (bg ?? DEFAULT_COLOUR),
  );
}

/** Points of a dataset against the chart's labels (categorical x). */
export function pointsOf(chart: ChartData, ds: ChartDataset): { x: string; y: number }[] {
  return chart.labels.map((label, i) => ({ x: label, y: Number(ds.data[i] ?? 0) || 0 }));
}

/** True when no dataset has a non-zero value: the chart shows 'No data' instead of an empty frame. */
export function isEmpty(chart: ChartData | undefined): boolean {
  return (
    !chart || chart.labels.length === 0 || chart.datasets.every((ds) => ds.data.every((v) => !Number(v)))
  );
}

/** Sum of the first dataset (e.g. the range's profit/loss), exact to the cent. */
export function sumOfFirst(chart: ChartData | undefined): number {
  const data = chart?.datasets[0]?.data ?? [];
  return data.reduce((s, v) => s + Math.round((Number(v) || 0) * 100), 0) / 100;
}

/** A new colour seed for 'Change colours' (never the same twice in a row). */
export function nextSeed(previous: number | undefined): number {
  let seed = Math.floor(Math.random() * 1_000_000) + 1;
  if (seed === previous) seed += 1;
  return seed;
}
