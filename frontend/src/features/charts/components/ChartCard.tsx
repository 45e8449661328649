import { formatPeriod, type ValueFormat } from '@embed/format';
import { useId, useMemo, useRef, useState } from 'react';
import type { SWRResponse } from 'swr';
import { Spinner } from '@/components';
import { hidden, rich, useTranslation } from '@/i18n';
import { useNearScreen } from '@/lib/use-near-screen';
import type { ChartData, ChartQuery } from '../api/chart-query';
import { isEmpty, nextSeed } from '../lib/series';
import { ChartDrawing, type ChartKind } from './ChartDrawing';

export type { ChartKind };

export interface ChartCardProps {
  title: string;
  kind: ChartKind;
  /** The chart's hook (one of the chart API calls). */
  useChart: (query: ChartQuery | null) => SWRResponse<ChartData>;
  query: ChartQuery;
  /** Formats a value for ticks, tooltips, the legend and the data table (hours or money). */
  format: ValueFormat;
  /** The user's number format (shares of a pie). */
  locale?: string;
  /** A line under the chart saying what it covers, where that differs from the range above. */
  note?: string | undefined;
}

/** One card of a {@link ChartGrid}: its title, kind, API call, query and value format. */
export const chartCard = (
  title: string,
  kind: ChartKind,
  useChart: ChartCardProps['useChart'],
  query: ChartQuery,
  format: ChartCardProps['format'],
  note?: string,
): ChartCardProps => ({ title, kind, useChart, query, format, note });

/** Cards of charts side by side (as many per row as fit), in the order given; titles are unique. */
export function ChartGrid({ charts, locale }: { charts: ChartCardProps[]; locale?: string }) {
  return (
    <div className="chart-grid">
      {charts.map((chart) => (
        <ChartCard key={chart.title} {...chart} locale={locale} />
      ))}
    </div>
  );
}

/**
 * One chart: a loading indicator while fetching, 'Change colours' (refetches with a new colour
 * seed), the drawing and, for screen readers and exact values, the data as a table. Its data is
 * asked for at once, but the card's body (drawing and table) is drawn only once the card comes
 * onto the screen: until then its title and a placeholder of the drawing's size stand in, so the
 * first screen's render does not lay out charts and tables nobody sees yet.
 */
export function ChartCard({ title, kind, useChart, query, format, locale, note }: ChartCardProps) {
  const { t, language } = useTranslation();
  const [seed, setSeed] = useState<number | undefined>(undefined);
  const chosen = { ...query, ...(seed ? { colorseed: seed } : {}) };
  const { data: answer, error, isLoading, isValidating } = useChart(chosen);
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
  const figure = useRef<HTMLElement>(null);
  const near = useNearScreen(figure);

  return (
    <figure ref={figure} className="chart-card card" aria-labelledby={titleId} aria-busy={isValidating}>
      <div className="chart-head">
        <figcaption id={titleId}>{title}</figcaption>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setSeed((s) => nextSeed(s))}>
          {rich(t('charts.changeColours', { title }), { h: hidden })}
        </button>
      </div>
      {near ? (
        <CardBody
          state={{ data, error, isLoading, isValidating }}
          kind={kind}
          title={title}
          format={format}
          locale={locale}
          choice={JSON.stringify(chosen)}
        />
      ) : (
        <div className="chart-body">
          <div className={`chart-placeholder chart-placeholder-${kind}`} />
        </div>
      )}
      {note ? <p className="muted chart-note">{note}</p> : null}
      {near && data && !isEmpty(data) ? <DataTable data={data} title={title} format={format} /> : null}
    </figure>
  );
}

/** A card's body once it is on the screen: loading, failed, empty, or the drawing. */
function CardBody({
  state: { data, error, isLoading, isValidating },
  kind,
  title,
  format,
  locale,
  choice,
}: Pick<ChartCardProps, 'kind' | 'title' | 'format' | 'locale'> & {
  state: { data: ChartData | undefined; error: unknown; isLoading: boolean; isValidating: boolean };
  choice: string;
}) {
  const { t } = useTranslation();
  const empty = isEmpty(data);
  return (
    <div className="chart-body">
      {isLoading || (isValidating && !data) ? <Spinner label={t('charts.loading', { title })} /> : null}
      {error && !data ? <p className="muted">{t('charts.failed')}</p> : null}
      {data && empty ? <p className="muted chart-empty">{t('charts.empty')}</p> : null}
      {data && !empty ? (
        <ChartDrawing kind={kind} data={data} title={title} format={format} locale={locale} choice={choice} />
      ) : null}
      {isValidating && data ? (
        <span className="chart-refreshing">
          <Spinner label={t('charts.updating', { title })} />
        </span>
      ) : null}
    </div>
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
