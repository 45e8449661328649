/**
 * What a marked element on a host page asks for: its `data-*` attributes read and checked, the
 * embed API's URL for them, the app's origin, and the API's answer checked before it is drawn.
 */
import { type ApiAddresses, callUrl } from '../../contract/client';
import {
  DEFAULT_CHART_KIND,
  EMBED_CHART_KINDS,
  EMBED_CHART_TYPES,
  EMBED_MARKER,
  type EmbedChart,
  type EmbedTheme,
} from './snippet';
import type { EmbedChartData } from './types';

export type Theme = EmbedTheme;

/** What one marked element asks for, read from its `data-*` attributes. */
export type EmbedConfig = EmbedChart;

/** The attributes the widget reads; changing one re-draws the chart. */
export const CONFIG_ATTRIBUTES = [
  EMBED_MARKER,
  'data-user-id',
  'data-project-id',
  'data-chart-type',
  'data-chart-kind',
  'data-start-date',
  'data-end-date',
  'data-theme',
  'data-height',
  'data-lang',
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return values.find((v) => v === value);
}

/** The element's configuration, or null when an identifier is missing or unknown (nothing to fetch). */
export function readConfig(el: Element): EmbedConfig | null {
  const attr = (name: string) => el.getAttribute(`data-${name}`)?.trim() || undefined;
  const userId = attr('user-id');
  const projectId = attr('project-id');
  const chartType = oneOf(EMBED_CHART_TYPES, attr('chart-type'));
  // A snippet without a kind gets the app's own kind for that chart; an unknown kind is an error.
  const kindAttr = attr('chart-kind');
  const chartKind = kindAttr
    ? oneOf(EMBED_CHART_KINDS, kindAttr)
    : chartType && DEFAULT_CHART_KIND[chartType];
  if (!userId || !projectId || !chartType || !chartKind) return null;
  const startDate = attr('start-date');
  const endDate = attr('end-date');
  const height = Number(attr('height'));
  return {
    userId,
    projectId,
    chartType,
    chartKind,
    startDate: startDate && DATE.test(startDate) ? startDate : undefined,
    endDate: endDate && DATE.test(endDate) ? endDate : undefined,
    theme: oneOf(['light', 'dark', 'auto'] as const, attr('theme')) ?? 'light',
    height: Number.isFinite(height) && height > 0 ? Math.min(1200, Math.max(120, height)) : 300,
  };
}

/**
 * The method and path of the endpoints the embed calls, as JSON text, defined by the build from
 * `contract/endpoints/` (`EMBED_ENDPOINTS` in `infra/web-build.ts`: only these reach the bundle).
 */
declare const __API_ADDRESSES__: string;
const ADDRESSES: Pick<ApiAddresses, 'getEmbeddedChart'> = JSON.parse(__API_ADDRESSES__);

/** The embed API URL for a configuration (the typed client's URL of `getEmbeddedChart`). */
export function embedUrl(origin: string, config: EmbedConfig): string {
  const { userId, projectId, chartType, chartKind } = config;
  return callUrl(
    ADDRESSES.getEmbeddedChart,
    {
      path: { userId, projectId, chartType, chartKind },
      query: { startdate: config.startDate, enddate: config.endDate },
    },
    origin,
  );
}

/**
 * The app origin, taken from the `src` of the script being run — the host page is usually on
 * another origin, and the API lives next to the script.
 */
export function originFromScript(doc: Document): string {
  const current = doc.currentScript as HTMLScriptElement | null;
  const src = current?.src || doc.querySelector<HTMLScriptElement>('script[src*="timeledger-embed"]')?.src;
  try {
    return new URL(src ?? '', doc.baseURI).origin;
  } catch {
    return doc.location?.origin ?? '';
  }
}

/** Checks (and lightly normalises) an API answer; anything unexpected is treated as unavailable. */
export function parseChartData(json: unknown): EmbedChartData | null {
  if (!json || typeof json !== 'object') return null;
  const { labels, datasets, ...rest } = json as Record<string, unknown>;
  if (!Array.isArray(labels) || !Array.isArray(datasets)) return null;
  const valid = datasets.every(
    (d) => d && typeof d === 'object' && Array.isArray((d as { data?: unknown }).data),
  );
  if (!valid) return null;
  return {
    ...(rest as Partial<EmbedChartData>),
    labels: labels.map(String),
    datasets: datasets.map((d) => ({ ...d, label: String(d.label ?? '') })),
    showPoweredBy: rest.showPoweredBy !== false,
  };
}
