/**
 * The copy-ready embed snippet and the identifiers it carries. Dependency-free on purpose: the SPA
 * (project details page) imports this file to show the snippet, and the embed bundle imports the
 * same constants, so the two can never disagree on the format.
 */

import type { EmbedChartKind, EmbedChartType } from '../../contract/enums';

export {
  EMBED_CHART_KINDS,
  EMBED_CHART_TYPES,
  type EmbedChartKind,
  type EmbedChartType,
} from '../../contract/enums';

/** The kind each chart is drawn as in the app — the natural default for a snippet. */
export const DEFAULT_CHART_KIND: Readonly<Record<EmbedChartType, EmbedChartKind>> = {
  timetracked: 'line',
  totaltime: 'bar',
  profitloss: 'line',
  profitlossperhour: 'line',
  timepertask: 'pie',
};

export type EmbedTheme = 'light' | 'dark' | 'auto';

/** What one embedded chart shows, and how. */
export interface EmbedChart {
  userId: string;
  projectId: string;
  chartType: EmbedChartType;
  chartKind: EmbedChartKind;
  /** Optional fixed range, `yyyy-mm-dd` (inclusive); without it the chart shows the last 12 months. */
  startDate?: string;
  endDate?: string;
  theme: EmbedTheme;
  /** Chart height in CSS pixels. */
  height: number;
}

/** A snippet's chart; the theme and height may be left to the widget's defaults. */
export interface EmbedSnippetOptions extends Omit<EmbedChart, 'theme' | 'height'> {
  /** The app's origin, e.g. `https://timeledger.example.com` (a trailing slash or path is ignored). */
  origin: string;
  theme?: EmbedTheme;
  height?: number;
}

/** The attribute that marks an element as an embedded chart; the bundle looks for it. */
export const EMBED_MARKER = 'data-timeledger-chart';

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The origin part of an URL-ish string, without a trailing slash; the string itself if it is no URL. */
function originOf(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return origin.replace(/\/+$/, '');
  }
}

/**
 * The HTML a user pastes into their site to show one chart: one deferred `<script>` from the app's
 * `/embed/` plus one element carrying the four identifiers. The script isolates its styles in a
 * Shadow DOM, so no stylesheet link is needed. Pasting several snippets on one page is fine: the
 * script loads once and draws every marked element.
 *
 * @example
 * embedSnippet({ origin: 'https://app.example', userId: 'u1', projectId: 'p1', chartType: 'timetracked', chartKind: 'line' })
 */
export function embedSnippet(options: EmbedSnippetOptions): string {
  const origin = originOf(options.origin);
  const attrs: [string, string | undefined][] = [
    ['data-user-id', options.userId],
    ['data-project-id', options.projectId],
    ['data-chart-type', options.chartType],
    ['data-chart-kind', options.chartKind],
    ['data-start-date', options.startDate],
    ['data-end-date', options.endDate],
    ['data-theme', options.theme],
    ['data-height', options.height === undefined ? undefined : String(options.height)],
  ];
  const rendered = attrs
    .filter((attr): attr is [string, string] => attr[1] !== undefined && attr[1] !== '')
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join('');
  return [
    `<script src="${escapeAttr(origin)}/embed/timeledger-embed.js" defer></script>`,
    `<div ${EMBED_MARKER}${rendered}></div>`,
  ].join('\n');
}
