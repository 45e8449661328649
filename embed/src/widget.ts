/**
 * The widget: turns every `<div data-timeledger-chart …>` on a host page into a chart — loading
 * state, fetch, SVG, legend, screen-reader table, powered-by line — inside a Shadow DOM. It runs on
 * other people's pages, so nothing here may throw into the page: every failure ends in the quiet
 * "Chart unavailable" state. What an element asks for is read in `config.ts`.
 */
import {
  CONFIG_ATTRIBUTES,
  type EmbedConfig,
  embedUrl,
  parseChartData,
  readConfig,
  type Theme,
} from './config';
import { formatPeriod, isMoneyChart, valueFormat } from './format';
import { embedLanguage, englishMessages, fill, messagesFor } from './messages';
import { hasData, htmlEl, renderChart, renderDataTable, renderLegend } from './render';
import { EMBED_MARKER } from './snippet';
import { STYLES } from './styles';
import type { EmbedChartData } from './types';

export const UNAVAILABLE = englishMessages.unavailable;
export const LOADING = englishMessages.loading;
export const POWERED_BY = englishMessages.poweredBy;
const TIMEOUT_MS = 15_000;

interface State {
  /** Bumped on every (re)mount so a slow answer for an old configuration is dropped. */
  run: number;
  data?: EmbedChartData;
  config?: EmbedConfig;
  width?: number;
  origin?: string;
}

const states = new WeakMap<Element, State>();
let resizeObserver: ResizeObserver | undefined;

/** The element's shadow root (created once), or the element itself where Shadow DOM is unavailable. */
function rootFor(el: HTMLElement): ShadowRoot | HTMLElement {
  if (el.shadowRoot) return el.shadowRoot;
  try {
    return el.attachShadow({ mode: 'open' });
  } catch {
    return el;
  }
}

/** One constructed stylesheet per document, shared by every chart on it (null: not supported). */
const sheets = new WeakMap<Document, CSSStyleSheet | null>();

/**
 * The styles for a root: a shared constructed stylesheet where the browser has them — host pages
 * with a strict Content-Security-Policy (no 'unsafe-inline' styles) block a `<style>` element but
 * not an adopted sheet — else a `<style>` element.
 */
function stylesFor(doc: Document, root: ShadowRoot | HTMLElement): Node[] {
  if ('adoptedStyleSheets' in root) {
    let sheet = sheets.get(doc);
    if (sheet === undefined) {
      try {
        sheet = new (doc.defaultView as Window & typeof globalThis).CSSStyleSheet();
        sheet.replaceSync(STYLES);
      } catch {
        sheet = null;
      }
      sheets.set(doc, sheet);
    }
    if (sheet) {
      root.adoptedStyleSheets = [sheet];
      return [];
    }
  }
  return [htmlEl(doc, 'style', {}, STYLES)];
}

function frame(el: HTMLElement, theme: Theme, state: string, ...children: Node[]): HTMLElement {
  const doc = el.ownerDocument;
  const box = htmlEl(doc, 'div', { class: `tl ${theme}`, 'data-state': state }, ...children);
  const root = rootFor(el);
  root.replaceChildren(...stylesFor(doc, root), box);
  return box;
}

function status(el: HTMLElement, config: EmbedConfig | null, state: 'loading' | 'error', text: string): void {
  const doc = el.ownerDocument;
  const p = htmlEl(doc, 'p', { class: `tl-status tl-${state}`, role: 'status' }, text);
  p.style.minHeight = `${config?.height ?? 120}px`;
  frame(el, config?.theme ?? 'light', state, p);
}

function chartWidth(el: HTMLElement): number {
  // Padding and border of `.tl`; 0 means not laid out (hidden, or jsdom): draw at a sensible width.
  const width = el.clientWidth - 26;
  return width > 0 ? Math.max(240, width) : 600;
}

/** Draws fetched data into the element (also used again when the element is resized). */
export function draw(el: HTMLElement, answer: EmbedChartData, config: EmbedConfig, origin: string): void {
  const doc = el.ownerDocument;
  const locale = answer.numberFormat;
  const format = valueFormat(config.chartType, locale, answer.currency);
  const m = messagesFor(el);
  const language = embedLanguage(el);
  // Time charts name their points by day or month (`2026-03`) in no language; tasks and projects
  // are names; time without a task comes with an empty label.
  const overTime = config.chartType !== 'timepertask' && config.chartType !== 'totaltime';
  const named = (label: string) => (overTime ? formatPeriod(label, language) : label || m.noTask);
  const data = { ...answer, labels: answer.labels.map(named) };
  const name = m.titles[config.chartType];
  const title = data.projectName ? `${name} — ${data.projectName}` : name;
  const width = chartWidth(el);
  const state = states.get(el);
  if (state) state.width = width;
  const money = isMoneyChart(config.chartType);
  const currency = data.currency ?? m.amount;
  const axisTitle = money
    ? config.chartType === 'profitlossperhour'
      ? fill(m.perHour, { currency })
      : currency
    : m.hours;
  const count = String(data.labels.length);
  const summary =
    config.chartKind === 'pie'
      ? fill(m.slices, { count })
      : fill(m.values, {
          count,
          first: data.labels[0] ?? '',
          last: data.labels[data.labels.length - 1] ?? '',
        });
  const options = {
    kind: config.chartKind,
    width,
    height: config.height,
    format,
    title,
    axisTitle,
    summary,
    locale,
  };
  const children: Node[] = [htmlEl(doc, 'p', { class: 'tl-title' }, title)];
  if (hasData(data, config.chartKind)) {
    const firstColumn =
      config.chartType === 'timepertask' ? m.task : config.chartType === 'totaltime' ? m.project : m.period;
    const legend = renderLegend(doc, data, options);
    children.push(
      renderChart(doc, data, options),
      ...(legend ? [legend] : []),
      renderDataTable(doc, data, format, title, firstColumn),
    );
  } else {
    const p = htmlEl(doc, 'p', { class: 'tl-status tl-empty' }, m.noData);
    p.style.minHeight = `${config.height}px`;
    children.push(p);
  }
  if (data.showPoweredBy) {
    const link = htmlEl(doc, 'a', { href: `${origin}/`, target: '_blank', rel: 'noopener' }, m.poweredBy);
    children.push(htmlEl(doc, 'p', { class: 'tl-powered' }, link));
  }
  frame(el, config.theme, 'ready', ...children);
}

async function load(url: string, fetchFn: typeof fetch): Promise<EmbedChartData> {
  const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
  const timer = setTimeout(() => controller?.abort(), TIMEOUT_MS);
  try {
    const response = await fetchFn(url, { credentials: 'omit', signal: controller?.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const data = parseChartData(await response.json());
    if (!data) throw new Error('unexpected answer');
    return data;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Shows one chart in `el`: loading state, fetch from `origin`, then the chart or the error state.
 * Never rejects. Calling it again (attributes changed) re-fetches; a stale answer is ignored.
 */
export async function mount(el: HTMLElement, origin: string, fetchFn: typeof fetch = fetch): Promise<void> {
  const state = states.get(el) ?? { run: 0 };
  states.set(el, state);
  const run = ++state.run;
  const config = readConfig(el);
  try {
    if (!config)
      throw new Error('missing or unknown data-user-id, data-project-id, data-chart-type or data-chart-kind');
    status(el, config, 'loading', messagesFor(el).loading);
    const data = await load(embedUrl(origin, config), fetchFn);
    if (state.run !== run) return;
    Object.assign(state, { data, config, origin });
    draw(el, data, config, origin);
    resizeObserver?.observe(el);
  } catch (error) {
    if (state.run !== run) return;
    state.data = undefined;
    try {
      status(el, config, 'error', messagesFor(el).unavailable);
      console.warn(
        `Timeledger embed: ${UNAVAILABLE.toLowerCase()}:`,
        error instanceof Error ? error.message : error,
      );
    } catch {
      // Even the error state could not be drawn (e.g. a detached element): stay silent.
    }
  }
}

/**
 * Draws every marked element of `doc` now and every one added or changed later (a
 * MutationObserver), and re-draws charts whose element is resized. Returns a function that stops it.
 */
export function start(doc: Document, origin: string, fetchFn: typeof fetch = fetch): () => void {
  const selector = `[${EMBED_MARKER}]`;
  const visit = (node: Node, force: boolean) => {
    if (node.nodeType !== 1) return;
    const el = node as HTMLElement;
    const found = el.matches(selector) ? [el] : [];
    found.push(...el.querySelectorAll<HTMLElement>(selector));
    for (const target of found) if (force || !states.has(target)) void mount(target, origin, fetchFn);
  };
  const win = doc.defaultView;
  if (win && 'ResizeObserver' in win && !resizeObserver) {
    resizeObserver = new win.ResizeObserver((entries) => {
      for (const entry of entries) {
        const el = entry.target as HTMLElement;
        const state = states.get(el);
        if (
          state?.data &&
          state.config &&
          state.origin &&
          Math.abs(chartWidth(el) - (state.width ?? 0)) > 2
        ) {
          draw(el, state.data, state.config, state.origin);
        }
      }
    });
  }
  const observer = new (win?.MutationObserver ?? MutationObserver)((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        if ((record.target as Element).matches(selector)) visit(record.target, true);
        continue;
      }
      for (const node of record.addedNodes) visit(node, false);
      for (const node of record.removedNodes) {
        if (node.nodeType === 1 && !node.isConnected) resizeObserver?.unobserve(node as Element);
      }
    }
  });
  observer.observe(doc.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: CONFIG_ATTRIBUTES,
  });
  const scan = () => visit(doc.documentElement, false);
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', scan, { once: true });
  else scan();
  return () => observer.disconnect();
}
