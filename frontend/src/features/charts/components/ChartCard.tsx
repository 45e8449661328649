import { useId, useMemo, useState } from 'react';
import type { SWRResponse } from 'swr';
import {
  VictoryAxis,
  VictoryBar,
  VictoryChart,
  VictoryContainer,
  VictoryLine,
  VictoryPie,
  VictoryScatter,
} from 'victory';
import { Spinner } from '@/components';
import { hidden, rich, useTranslation } from '@/i18n';
import { formatPeriod } from '@/lib/format';
import type { ChartData, ChartQuery } from '../api/chart-query';
import { isEmpty, lineColour, nextSeed, pointColours, pointsOf } from '../lib/series';

export type ChartKind = 'line' | 'bar' | 'pie';

export interface ChartCardProps {
  title: string;
  kind: ChartKind;
  /** The chart's hook (one of the chart API calls). */
  useChart: (query: ChartQuery | null) => SWRResponse<ChartData>;
  query: ChartQuery;
  /** Formats a value for ticks, the legend and the data table (hours or money). */
  format: (value: number) => string;
}

// Colours come from CSS variables so axes and labels follow the dark and light themes.
const axisStyle = {
  axis: { stroke: 'var(--border)' },
  grid: { stroke: 'var(--chart-grid)', strokeDasharray: '3 4' },
  ticks: { stroke: 'var(--border)', size: 4 },
  tickLabels: { fill: 'var(--text-muted)', fontSize: 12, padding: 4 },
};

/**
 * One chart: a loading indicator while fetching, 'Change colours' (refetches with a new colour
 * seed), the Victory drawing and, for screen readers and exact values, the data as a table.
 */
export function ChartCard({ title, kind, useChart, query, format }: ChartCardProps) {
  const { t, language } = useTranslation();
  const [seed, setSeed] = useState<number | undefined>(undefined);
  const {
    data: answer,
    error,
    isLoading,
    isValidating,
  } = useChart({
    ...query,
    ...(seed ? { colorseed: seed } : {}),
  });
  // Line charts are over time: the API names each point by its day or month (`2026-03`), in no
  // language; bars and slices are projects and tasks, names to show as they are (time without a
  // task has an empty label).
  const data = useMemo(() => {
    if (!answer) return answer;
    const name = (label: string) =>
      kind === 'line' ? formatPeriod(label, language) : label || t('entry.noTask');
    return { ...answer, labels: answer.labels.map(name) };
  }, [answer, kind, language, t]);
  const titleId = useId();
  const empty = isEmpty(data);

  return (
    <figure className="chart-card card" aria-labelledby={titleId} aria-busy={isValidating}>
      <div className="chart-head">
        <figcaption id={titleId}>{title}</figcaption>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setSeed((s) => nextSeed(s))}>
          {rich(t('charts.changeColours', { title }), { h: hidden })}
        </button>
      </div>
      <div className="chart-body">
        {isLoading || (isValidating && !data) ? <Spinner label={t('charts.loading', { title })} /> : null}
        {error && !data ? <p className="muted">{t('charts.failed')}</p> : null}
        {data && empty ? <p className="muted chart-empty">{t('charts.empty')}</p> : null}
        {data && !empty ? <Drawing kind={kind} data={data} title={title} format={format} /> : null}
        {isValidating && data ? (
          <span className="chart-refreshing">
            <Spinner label={t('charts.updating', { title })} />
          </span>
        ) : null}
      </div>
      {data && !empty ? <DataTable data={data} title={title} format={format} /> : null}
    </figure>
  );
}

function Drawing({
  kind,
  data,
  title,
  format,
}: {
  kind: ChartKind;
  data: ChartData;
  title: string;
  format: (v: number) => string;
}) {
  const { t } = useTranslation();
  if (kind === 'pie') {
    const ds = data.datasets[0];
    if (!ds) return null;
    const colours = pointColours(ds, data.labels.length);
    const points = pointsOf(data, ds);
    return (
      <div className="pie-wrap">
        <VictoryPie
          data={points}
          colorScale={colours}
          innerRadius={50}
          padAngle={1}
          labels={() => ''}
          width={300}
          height={300}
          padding={16}
          style={{ data: { stroke: 'var(--surface)', strokeWidth: 1 } }}
          containerComponent={<VictoryContainer title={title} desc={t('charts.desc.pie', { title })} />}
        />
        <ul className="legend" aria-hidden="true">
          {points.map((p, i) => (
            <li key={p.x}>
              <span className="swatch" style={{ background: colours[i] }} />
              {p.x} <span className="muted">{format(p.y)}</span>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const many = data.labels.length > 8;
  const values = data.datasets.flatMap((ds) => ds.data.map((v) => Number(v) || 0));
  // Always show zero: a line floating on a cut axis misleads, and losses must sit below it.
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  return (
    <VictoryChart
      width={460}
      height={270}
      padding={{ top: 16, right: 16, bottom: many ? 64 : 40, left: 72 }}
      domain={{ y: [low, high === low ? low + 1 : high] }}
      domainPadding={kind === 'bar' ? { x: 24 } : { x: 8 }}
      containerComponent={
        <VictoryContainer
          title={title}
          desc={kind === 'bar' ? t('charts.desc.bar', { title }) : t('charts.desc.line', { title })}
        />
      }
    >
      <VictoryAxis
        style={{
          ...axisStyle,
          grid: { stroke: 'none' },
          tickLabels: { ...axisStyle.tickLabels, angle: many ? -40 : 0, textAnchor: many ? 'end' : 'middle' },
        }}
        fixLabelOverlap
      />
      <VictoryAxis dependentAxis style={axisStyle} tickFormat={(t: number) => format(t)} />
      {data.datasets.map((ds) => {
        const points = pointsOf(data, ds);
        if (kind === 'bar') {
          const colours = pointColours(ds, points.length);
          return (
            <VictoryBar
              key={ds.label}
              data={points}
              barRatio={0.7}
              style={{
                data: {
                  fill: ({ index }) => colours[Number(index)] ?? lineColour(ds),
                  stroke: lineColour(ds),
                  strokeWidth: ds.borderWidth ?? 1,
                },
              }}
            />
          );
        }
        return [
          <VictoryLine
            key={`${ds.label}-line`}
            data={points}
            style={{ data: { stroke: lineColour(ds), strokeWidth: ds.borderWidth ?? 2 } }}
          />,
          points.length <= 40 ? (
            <VictoryScatter
              key={`${ds.label}-dots`}
              data={points}
              size={2.5}
              style={{ data: { fill: lineColour(ds) } }}
            />
          ) : null,
        ];
      })}
    </VictoryChart>
  );
}

function DataTable({
  data,
  title,
  format,
}: {
  data: ChartData;
  title: string;
  format: (v: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <table className="visually-hidden">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('charts.label')}</th>
          {data.datasets.map((ds) => (
            <th key={ds.label} scope="col">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.labels.map((label, i) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {data.datasets.map((ds) => (
              <td key={ds.label}>{format(Number(ds.data[i] ?? 0))}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
