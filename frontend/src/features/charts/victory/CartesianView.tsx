import type { ChartSeries } from '@embed/chart-model';
import { niceTicks, type ValueFormat } from '@embed/format';
import {
  Curve,
  VictoryAxis,
  VictoryBar,
  VictoryBrushContainer,
  VictoryChart,
  VictoryContainer,
  VictoryLine,
  VictoryScatter,
} from 'victory';
import { FocusableBar, FocusablePoint } from './Datum';
import type { XDomain } from './model';
import { AXIS_STYLE, VALUE_AXIS_STYLE } from './theme';
import type { Explore } from './use-explore';

/** The drawing's size in SVG units; it scales to the card's width. */
export const CARTESIAN = { width: 460, height: 270 };
const BRUSH_HEIGHT = 64;

export type { XDomain };

const positions = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Room left of the plot for the longest value tick (no text measuring before it is shown). */
const leftPadding = (ticks: string[]) => 16 + Math.max(...ticks.map((t) => t.length)) * 6.5;

function valueTicks(series: ChartSeries[], format: ValueFormat) {
  const values = series.flatMap((s) => s.points.map((p) => p.value));
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values), 5);
  return { ticks, left: leftPadding(ticks.map((t) => format(t, true))) };
}

/** Width of one character of a 12-unit tick label, on average, with room between two labels. */
const CHAR_WIDTH = 6.5;
const LABEL_GAP = 8;

/**
 * The label positions to show along `plotWidth` units so that no two labels overlap: every
 * label when they fit, else every second, third… one, judged by the longest label's length.
 * (Victory's `fixLabelOverlap` measured every label's text at every drawing, most of a chart's
 * first render on a phone.) Only the labels in `domain`, the zoomed range, count.
 */
export function labelTicks(labels: readonly string[], plotWidth: number, domain?: XDomain): number[] {
  const inView = domain ? Math.floor(domain[1]) - Math.ceil(domain[0]) + 1 : labels.length;
  const widest = Math.max(0, ...labels.map((l) => [...l].length)) * CHAR_WIDTH + LABEL_GAP;
  const step = Math.max(1, Math.ceil((widest * Math.max(1, inView)) / plotWidth));
  const first = domain ? Math.max(0, Math.ceil(domain[0])) : 0;
  return positions(labels.length).filter((i) => i >= first && (i - first) % step === 0);
}

function labelAxis(labels: string[], plotWidth: number, domain?: XDomain) {
  return (
    <VictoryAxis
      tickValues={labelTicks(labels, plotWidth, domain)}
      tickFormat={(t: number) => labels[Math.round(t)] ?? ''}
      style={AXIS_STYLE}
    />
  );
}

export interface CartesianProps {
  kind: 'line' | 'bar';
  series: ChartSeries[];
  labels: string[];
  format: ValueFormat;
  title: string;
  summary: string;
  explore: Explore;
  /** The zoomed range of a line chart, or all of it. */
  domain?: XDomain;
  animate?: object;
}

/** A line or bar chart drawn with Victory: each point or bar focusable and named by its value. */
export function CartesianView({
  kind,
  series,
  labels,
  format,
  title,
  summary,
  explore,
  domain,
  animate,
}: CartesianProps) {
  const { ticks, left } = valueTicks(series, format);
  const n = labels.length;
  // Bars sit in bands of their own: the x domain runs half a band past the first and last label.
  const bands = kind === 'bar' ? { x: [-0.5, n - 0.5] as XDomain } : undefined;
  const band = (CARTESIAN.width - left - 14) / Math.max(1, n);
  const barWidth = Math.min(48, band * 0.7) / series.length;
  // Several series' bars stand side by side within their label's band.
  const shift = (j: number) => ((j - (series.length - 1) / 2) * barWidth) / band;
  const inView = (x: number) => !domain || (x >= domain[0] - 0.5 && x <= domain[1] + 0.5);
  const data = (s: ChartSeries) =>
    s.points
      .filter((p) => inView(p.index))
      .map((p) => ({ x: p.index, y: p.value, id: idOf(series, s, p.index), text: p.text }));
  return (
    <VictoryChart
      {...CARTESIAN}
      padding={{ top: 14, bottom: 34, left, right: 14 }}
      domainPadding={{ x: kind === 'bar' ? 0 : 10 }}
      {...(domain ? { domain: { x: domain } } : bands ? { domain: bands } : {})}
      {...(animate ? { animate } : {})}
      containerComponent={
        <VictoryContainer role="group" title={title} desc={summary} style={{ touchAction: 'pan-y' }} />
      }
    >
      {labelAxis(labels, CARTESIAN.width - left - 14, domain)}
      <VictoryAxis
        dependentAxis
        tickValues={ticks}
        tickFormat={(v: number) => format(v, true)}
        style={VALUE_AXIS_STYLE}
      />
      {kind === 'bar'
        ? series.map((s, j) => (
            <VictoryBar
              key={s.label}
              data={data(s).map((d) => ({ ...d, x: d.x + shift(j) }))}
              barWidth={barWidth}
              style={{
                data: { fill: ({ index }) => s.points[Number(index)]?.color ?? s.color, fillOpacity: 0.85 },
              }}
              dataComponent={<FocusableBar explore={explore} />}
            />
          ))
        : series.flatMap((s) => [
            <VictoryLine
              key={`${s.label}-line`}
              data={data(s)}
              style={{ data: { stroke: s.color, strokeWidth: 2 } }}
              dataComponent={<Curve className="chart-line" />}
            />,
            <VictoryScatter
              key={`${s.label}-points`}
              data={data(s)}
              size={labels.length > 60 && !domain ? 2 : 4}
              style={{ data: { fill: s.color } }}
              dataComponent={<FocusablePoint explore={explore} />}
            />,
          ])}
    </VictoryChart>
  );
}

/** A datum's id: its series' offset plus its position, so ids are unique across series. */
export function idOf(all: ChartSeries[], s: ChartSeries, index: number): number {
  return all.indexOf(s) * (all[0]?.points.length ?? 0) + index;
}

/** The overview below a long line chart: drag across it to zoom the chart above into that range. */
export function BrushView({
  series,
  labels,
  domain,
  onZoom,
  title,
}: {
  series: ChartSeries[];
  labels: string[];
  domain?: XDomain;
  onZoom: (domain: XDomain) => void;
  title: string;
}) {
  const full: XDomain = [0, Math.max(1, labels.length - 1)];
  return (
    <VictoryChart
      width={CARTESIAN.width}
      height={BRUSH_HEIGHT}
      padding={{ top: 4, bottom: 22, left: 14, right: 14 }}
      domain={{ x: full }}
      containerComponent={
        <VictoryBrushContainer
          title={title}
          brushDimension="x"
          brushDomain={{ x: domain ?? full }}
          onBrushDomainChange={(d) => onZoom(d.x as XDomain)}
          brushStyle={{ fill: 'var(--primary)', fillOpacity: 0.15, stroke: 'var(--primary)' }}
        />
      }
    >
      {labelAxis(labels, CARTESIAN.width - 28)}
      {series.map((s) => (
        <VictoryLine
          key={s.label}
          data={s.points.map((p) => ({ x: p.index, y: p.value }))}
          style={{ data: { stroke: s.color, strokeWidth: 1 } }}
        />
      ))}
    </VictoryChart>
  );
}
