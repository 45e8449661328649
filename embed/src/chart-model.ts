/**
 * What a chart shows, as plain data: its series and points, the words of each tooltip and legend
 * entry, and their colours. Two renderers draw from it — the embed's own SVG (`render.ts`, on other
 * people's pages) and the app's Victory charts (`frontend/src/features/charts/victory/`) — so a
 * value reads the same in both. No DOM here: both renderers and their tests import it.
 */
import { formatPercent, type ValueFormat } from './format';
import type { EmbedChartKind } from './snippet';
import type { EmbedChartData, EmbedDataset } from './types';

/** What a drawing needs of a chart answer: its labels and datasets (the app passes its own answers). */
export type DrawableChart = Pick<EmbedChartData, 'labels' | 'datasets'>;

/** What a drawing of a chart is asked for, beside its data: the SVG's and the legend's options. */
export interface ChartOptions {
  kind: EmbedChartKind;
  width: number;
  height: number;
  format: ValueFormat;
  /** The chart's accessible name, e.g. 'Time tracked — Website redesign'. */
  title: string;
  /** Y-axis title, e.g. 'Hours' or 'EUR'. */
  axisTitle: string;
  /** The chart's summary for screen readers, e.g. '12 values, Jan 2026 to Dec 2026'. */
  summary: string;
  locale?: string;
}

/** A dataset without a colour is drawn blue. */
export const FALLBACK_COLOR = '#3b82f6';

/** A finite number or 0 — the API answers numbers, but a foreign page must never see `NaN` drawn. */
export function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Point `index`'s entry of a per-point colour array, else the single colour (unless `distinct`). */
export function pick(
  color: string | string[] | undefined,
  index: number,
  distinct = false,
): string | undefined {
  if (Array.isArray(color)) return color[index % Math.max(1, color.length)] || undefined;
  return distinct ? undefined : color || undefined;
}

/**
 * The colour of point `index` of a dataset: a per-point array wins, then a single colour, then blue.
 * `distinct` asks for different colours per point (pie slices) when the API gave only one.
 */
export function colorAt(dataset: EmbedDataset, index: number, distinct = false): string {
  const color = pick(dataset.backgroundColor, index, distinct) ?? pick(dataset.borderColor, index, distinct);
  if (color) return color;
  // Golden-angle hue steps keep neighbouring slices apart; the first is the specified blue.
  return distinct && index > 0 ? `hsl(${Math.round((217 + index * 137.5) % 360)} 65% 55%)` : FALLBACK_COLOR;
}

/** The colour of a dataset's line (and of its legend entry). */
export function lineColor(dataset: EmbedDataset): string {
  const c = dataset.borderColor ?? dataset.backgroundColor;
  return (Array.isArray(c) ? c[0] : c) || FALLBACK_COLOR;
}

/** A bar's colour: the solid one (the translucent fill the API sends for areas is too faint for a bar). */
export function barColor(dataset: EmbedDataset, index: number): string {
  return pick(dataset.borderColor, index) ?? colorAt(dataset, index);
}

/** Whether there is anything to draw: some labels, and for a pie some positive value. */
export function hasData(data: DrawableChart, kind: EmbedChartKind): boolean {
  const first = data.datasets[0];
  if (data.labels.length === 0 || !first) return false;
  return kind !== 'pie' || first.data.some((v) => num(v) > 0);
}

/** One point, bar or slice: where it sits, what it is called and the words that say its value. */
export interface ChartPoint {
  /** Its position among the chart's labels. */
  index: number;
  label: string;
  value: number;
  color: string;
  /** The tooltip and accessible name: `Mar 2026: 1:30 h`, `Design: 1:00 h (25%)`. */
  text: string;
}

/** One dataset's points (line and bar charts). */
export interface ChartSeries {
  label: string;
  color: string;
  points: ChartPoint[];
}

/** The words of a point: with the series' name first when the chart has more than one. */
export function pointText(label: string, value: number, format: ValueFormat, series?: string): string {
  return `${series ? `${series}, ` : ''}${label}: ${format(value)}`;
}

/** The series of a line or bar chart, every label a point (missing values are 0). */
export function chartSeries(data: DrawableChart, format: ValueFormat, kind: 'line' | 'bar'): ChartSeries[] {
  const named = data.datasets.length > 1;
  return data.datasets.map((dataset) => ({
    label: dataset.label,
    color: lineColor(dataset),
    points: data.labels.map((label, index) => {
      const value = num(dataset.data[index]);
      const color = kind === 'bar' ? barColor(dataset, index) : lineColor(dataset);
      return {
        index,
        label,
        value,
        color,
        text: pointText(label, value, format, named ? dataset.label : undefined),
      };
    }),
  }));
}

/** A slice of a pie: a point with its share of the whole (0–1). */
export interface PieSlice extends ChartPoint {
  share: number;
}

/** The slices of a pie: the first dataset's positive values, with their colours, values and shares. */
export function pieSlices(data: DrawableChart, format: ValueFormat, locale?: string): PieSlice[] {
  const dataset = data.datasets[0];
  if (!dataset) return [];
  const slices = data.labels
    .map((label, index) => ({
      index,
      label,
      value: num(dataset.data[index]),
      color: colorAt(dataset, index, true),
    }))
    .filter((s) => s.value > 0);
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  return slices.map((s) => ({
    ...s,
    share: s.value / total,
    text: `${pointText(s.label, s.value, format)} (${formatPercent(s.value / total, locale)})`,
  }));
}

/** One legend entry: a colour and its words. */
export interface LegendEntry {
  color: string;
  text: string;
}

/**
 * The legend: one entry per slice of a pie (its name, value and share), one per dataset when a line
 * or bar chart has more than one, none for a single series (the chart's title names it).
 */
export function legendEntries(
  data: DrawableChart,
  kind: EmbedChartKind,
  format: ValueFormat,
  locale?: string,
): LegendEntry[] {
  if (kind === 'pie') {
    return pieSlices(data, format, locale).map((s) => ({
      color: s.color,
      text: `${s.label} ${format(s.value)} (${formatPercent(s.share, locale)})`,
    }));
  }
  if (data.datasets.length < 2) return [];
  return data.datasets.map((d) => ({ color: lineColor(d), text: d.label }));
}
