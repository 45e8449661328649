import { getByRole, queryByRole } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { originFromScript } from './config';
import type { EmbedChartData } from './types';
import { LOADING, mount, POWERED_BY, start, UNAVAILABLE } from './widget';

const ORIGIN = 'https://app.timeledger.example';
/** Months as the API names them (ISO, in no language), and as an English page shows them. */
const MONTHS = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05'];
const MONTH_NAMES = ['Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026'];

// Shaped like the API's answers (solid border colour, translucent fill, per-slice colours for pies).
const timeTracked: EmbedChartData = {
  labels: MONTHS,
  datasets: [
    {
      label: 'Time tracked (hours)',
      data: [12.5, 30, 0, 41.25, 18, 7.75],
      borderWidth: 2,
      borderColor: '#4f8df5',
      backgroundColor: 'rgba(79, 141, 245, 0.25)',
    },
  ],
  showPoweredBy: true,
  currency: 'EUR',
  numberFormat: 'en-US',
  projectName: 'Website redesign',
};

const totalTime: EmbedChartData = {
  labels: ['Website redesign'],
  datasets: [{ label: 'Total time tracked (hours)', data: [120.5], borderWidth: 1, borderColor: '#4f8df5' }],
  showPoweredBy: true,
  numberFormat: 'en-US',
  projectName: 'Website redesign',
};

const profitLoss: EmbedChartData = {
  labels: MONTHS,
  datasets: [
    { label: 'Profit/loss (EUR)', data: [1234.5, -250, 0, 800, -75.25, 2000], borderColor: '#4f8df5' },
  ],
  showPoweredBy: false,
  currency: 'EUR',
  numberFormat: 'de-DE',
  projectName: 'Mobile app',
};

const timePerTask: EmbedChartData = {
  labels: ['Design', 'Development', 'Meetings', 'Unused'],
  datasets: [
    {
      label: 'Time per task (hours)',
      data: [10, 25, 5, 0],
      borderWidth: 1,
      borderColor: ['#4f8df5', '#e0665c', '#3fae6a', '#b07ce8'],
      backgroundColor: ['#4f8df5', '#e0665c', '#3fae6a', '#b07ce8'],
    },
  ],
  showPoweredBy: true,
  numberFormat: 'en-US',
};

function answer(body: unknown, status = 200) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    return { ok: status < 400, status, json: async () => body } as Response;
  });
}

function chartElement(attrs: Record<string, string>): HTMLElement {
  const el = document.createElement('div');
  el.setAttribute('data-timeledger-chart', '');
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(`data-${name}`, value);
  document.body.append(el);
  return el;
}

const ids = (type: string, kind: string) => ({
  'user-id': 'u1',
  'project-id': 'p1',
  'chart-type': type,
  'chart-kind': kind,
});

/** The widget's shadow root, typed for Testing Library's queries (it only needs querySelectorAll). */
function shadow(el: HTMLElement): HTMLElement {
  expect(el.shadowRoot).not.toBeNull();
  return el.shadowRoot as unknown as HTMLElement;
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the embedded chart', () => {
  it('asks the API next to the script for the four identifiers and the chosen range', async () => {
    const fetchFn = answer(timeTracked);
    const el = chartElement({
      ...ids('timetracked', 'line'),
      'start-date': '2026-01-01',
      'end-date': '2026-03-31',
    });
    el.setAttribute('data-user-id', 'user 1');

    await mount(el, ORIGIN, fetchFn);

    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(fetchFn.mock.calls[0]?.[0]).toBe(
      `${ORIGIN}/api/embed/user%201/p1/timetracked/line?enddate=2026-03-31&startdate=2026-01-01`,
    );
    expect(fetchFn.mock.calls[0]?.[1]).toMatchObject({ credentials: 'omit' });
  });

  it('shows a loading state until the data arrives', async () => {
    let release: (r: Response) => void = () => {};
    const fetchFn = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    const el = chartElement(ids('timetracked', 'line'));

    const done = mount(el, ORIGIN, fetchFn);

    expect(getByRole(shadow(el), 'status')).toHaveTextContent(LOADING);
    expect(shadow(el).querySelector('svg')).toBeNull();
    release({ ok: true, status: 200, json: async () => timeTracked } as Response);
    await done;
    expect(queryByRole(shadow(el), 'status')).toBeNull();
    expect(getByRole(shadow(el), 'img', { name: 'Time tracked — Website redesign' })).toBeInTheDocument();
  });

  it('draws a line with one point per label, h:mm axis ticks and the period labels', async () => {
    const el = chartElement(ids('timetracked', 'line'));

    await mount(el, ORIGIN, answer(timeTracked));

    const svg = getByRole(shadow(el), 'img', { name: 'Time tracked — Website redesign' });
    expect(svg.tagName).toBe('svg');
    expect(svg.querySelector('title')).toHaveTextContent('Time tracked — Website redesign');
    expect(svg.querySelectorAll('path.tl-line')).toHaveLength(1);
    expect(svg.querySelector('path.tl-line')?.getAttribute('stroke')).toBe('#4f8df5');
    const dots = [...svg.querySelectorAll('circle.tl-dot')];
    expect(dots).toHaveLength(6);
    expect(dots[3]?.querySelector('title')).toHaveTextContent('Mar 2026: 41:15 h');
    const ticks = [...svg.querySelectorAll('.tl-tick')].map((t) => t.textContent);
    expect(ticks[0]).toBe('0:00 h');
    expect(ticks).toContain('40:00 h');
    expect([...svg.querySelectorAll('.tl-label')].map((t) => t.textContent)).toEqual(MONTH_NAMES);
    expect(svg.querySelector('.tl-axis-title')).toHaveTextContent('Hours');
  });

  it('names months and days in the chart’s language, and tasks as they are', async () => {
    const months = chartElement({ ...ids('timetracked', 'line'), lang: 'de' });
    await mount(months, ORIGIN, answer(timeTracked));
    const labels = [...shadow(months).querySelectorAll('.tl-label')].map((t) => t.textContent);
    expect(labels).toEqual(['Dez. 2025', 'Jan. 2026', 'Feb. 2026', 'März 2026', 'Apr. 2026', 'Mai 2026']);
    expect(shadow(months).querySelector('svg desc')).toHaveTextContent('6 Werte, Dez. 2025 bis Mai 2026');

    const days = chartElement({ ...ids('timetracked', 'bar'), lang: 'de' });
    await mount(
      days,
      ORIGIN,
      answer({
        ...timeTracked,
        labels: ['2026-03-12', '2026-03-13'],
        datasets: [{ label: 'x', data: [1, 2] }],
      }),
    );
    expect([...shadow(days).querySelectorAll('.tl-label')].map((t) => t.textContent)).toEqual([
      '12. März',
      '13. März',
    ]);

    const tasks = chartElement({ ...ids('timepertask', 'pie'), lang: 'de' });
    await mount(
      tasks,
      ORIGIN,
      answer({ ...timePerTask, labels: ['2026-03', 'Design', 'Development', 'Meetings'] }),
    );
    expect(shadow(tasks).querySelector('.tl-legend')).toHaveTextContent('2026-03');

    const noTask = chartElement({ ...ids('timepertask', 'pie'), lang: 'de' });
    await mount(noTask, ORIGIN, answer({ ...timePerTask, labels: ['Design', '', 'Meetings', 'Unused'] }));
    expect(shadow(noTask).querySelector('.tl-legend')).toHaveTextContent('(ohne Aufgabe)');
  });

  it('speaks the language of the snippet, else of the host page', async () => {
    const own = chartElement({ ...ids('profitlossperhour', 'line'), lang: 'de' });
    await mount(own, ORIGIN, answer({ ...profitLoss, currency: 'EUR' }));
    expect(getByRole(shadow(own), 'img', { name: /^Gewinn\/Verlust pro Stunde/ })).toBeInTheDocument();
    expect(shadow(own).querySelector('.tl-axis-title')).toHaveTextContent('EUR pro Stunde');

    document.documentElement.setAttribute('lang', 'de-AT');
    try {
      const el = chartElement(ids('timetracked', 'line'));
      await mount(el, ORIGIN, answer(timeTracked));
      expect(getByRole(shadow(el), 'img', { name: 'Erfasste Zeit — Website redesign' })).toBeInTheDocument();
      expect(shadow(el).querySelector('.tl-axis-title')).toHaveTextContent('Stunden');
      await mount(el, ORIGIN, answer({}, 500));
      expect(getByRole(shadow(el), 'status')).toHaveTextContent('Diagramm nicht verfügbar');
    } finally {
      document.documentElement.removeAttribute('lang');
    }
  });

  it('puts the highest value at the top and zero at the bottom of a time chart', async () => {
    const el = chartElement(ids('timetracked', 'line'));

    await mount(el, ORIGIN, answer(timeTracked));

    const ys = [...shadow(el).querySelectorAll('circle.tl-dot')].map((c) => Number(c.getAttribute('cy')));
    const [jan, feb, mar] = [ys[1]!, ys[2]!, ys[3]!];
    expect(mar).toBeLessThan(jan); // 41.25 h is drawn above 30 h
    expect(feb).toBeGreaterThan(jan); // 0 h is drawn below
    expect(Math.max(...ys)).toBe(feb);
  });

  it('draws one bar per label and dataset', async () => {
    const el = chartElement(ids('totaltime', 'bar'));

    await mount(el, ORIGIN, answer(totalTime));

    const svg = getByRole(shadow(el), 'img', { name: 'Total time tracked — Website redesign' });
    const bars = svg.querySelectorAll('rect.tl-bar');
    expect(bars).toHaveLength(1);
    expect(bars[0]?.querySelector('title')).toHaveTextContent('Website redesign: 120:30 h');
    expect(Number(bars[0]?.getAttribute('height'))).toBeGreaterThan(0);
    expect(bars[0]?.getAttribute('fill')).toBe('#4f8df5');
  });

  it('draws losses as bars below the zero line, money in the user’s currency and number format', async () => {
    const el = chartElement(ids('profitloss', 'bar'));

    await mount(el, ORIGIN, answer(profitLoss));

    const svg = getByRole(shadow(el), 'img', { name: 'Profit/loss — Mobile app' });
    const bars = [...svg.querySelectorAll('rect.tl-bar')];
    expect(bars).toHaveLength(6);
    const zero = Number(svg.querySelector('.tl-zero')?.getAttribute('y1'));
    const loss = bars[1]!;
    const profit = bars[0]!;
    expect(Number(loss.getAttribute('y'))).toBe(zero);
    expect(Number(profit.getAttribute('y')) + Number(profit.getAttribute('height'))).toBeCloseTo(zero, 1);
    expect(loss.querySelector('title')).toHaveTextContent('Jan 2026: -250,00 €');
    expect(profit.querySelector('title')).toHaveTextContent('Dec 2025: 1.234,50 €');
    expect(svg.querySelector('.tl-axis-title')).toHaveTextContent('EUR');
  });

  it('draws a pie with one slice per task that has time, and a legend with values and shares', async () => {
    const el = chartElement(ids('timepertask', 'pie'));

    await mount(el, ORIGIN, answer(timePerTask));

    const svg = getByRole(shadow(el), 'img', { name: 'Time per task' });
    const slices = [...svg.querySelectorAll('.tl-slice')];
    expect(slices).toHaveLength(3);
    expect(slices.map((s) => s.getAttribute('fill'))).toEqual(['#4f8df5', '#e0665c', '#3fae6a']);
    expect(slices[1]?.querySelector('title')).toHaveTextContent('Development: 25:00 h (62.5%)');
    const legend = [...shadow(el).querySelectorAll('.tl-legend li')].map((li) => li.textContent);
    expect(legend).toEqual([
      'Design 10:00 h (25%)',
      'Development 25:00 h (62.5%)',
      'Meetings 5:00 h (12.5%)',
    ]);
  });

  it('draws a single task as a full circle', async () => {
    const el = chartElement(ids('timepertask', 'pie'));
    const one = {
      ...timePerTask,
      labels: ['Design'],
      datasets: [{ label: 'Time per task (hours)', data: [3] }],
    };

    await mount(el, ORIGIN, answer(one));

    const slices = shadow(el).querySelectorAll('.tl-slice');
    expect(slices).toHaveLength(1);
    expect(slices[0]?.tagName).toBe('circle');
    expect(slices[0]?.getAttribute('fill')).toBe('#3b82f6');
  });

  it('gives screen readers every value in a visually hidden table', async () => {
    const el = chartElement(ids('profitloss', 'line'));

    await mount(el, ORIGIN, answer(profitLoss));

    const table = getByRole(shadow(el), 'table', { name: 'Profit/loss — Mobile app' });
    expect(table).toHaveClass('tl-sr');
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toBe('Dec 20251.234,50\u00a0€');
    expect(getByRole(table, 'columnheader', { name: 'Profit/loss (EUR)' })).toBeInTheDocument();
  });

  it('says so when the range holds no data', async () => {
    const el = chartElement(ids('timepertask', 'pie'));

    await mount(el, ORIGIN, answer({ ...timePerTask, labels: [], datasets: [{ label: 'x', data: [] }] }));

    expect(shadow(el).querySelector('svg')).toBeNull();
    expect(shadow(el).textContent).toContain('No data for this period');
  });

  it('shows task names as text, never as markup', async () => {
    const el = chartElement(ids('timepertask', 'pie'));
    const evil = { ...timePerTask, labels: ['<img src=x onerror="window.hacked=1">', 'B'] };

    await mount(el, ORIGIN, answer(evil));

    expect(shadow(el).querySelector('img')).toBeNull();
    expect(shadow(el).querySelector('.tl-legend')?.textContent).toContain('<img src=x');
  });

  it('draws a chart type in the app’s own kind when the element names no kind', async () => {
    const fetchFn = answer(timePerTask);
    const el = chartElement({ 'user-id': 'u1', 'project-id': 'p1', 'chart-type': 'timepertask' });

    await mount(el, ORIGIN, fetchFn);

    expect(fetchFn.mock.calls[0]?.[0]).toBe(`${ORIGIN}/api/embed/u1/p1/timepertask/pie`);
    expect(shadow(el).querySelectorAll('.tl-slice')).toHaveLength(3);
  });
});

describe('the powered-by line', () => {
  it('links to the app when the owner has not turned it off', async () => {
    const el = chartElement(ids('timetracked', 'line'));

    await mount(el, ORIGIN, answer(timeTracked));

    const link = getByRole(shadow(el), 'link', { name: POWERED_BY });
    expect(link).toHaveAttribute('href', `${ORIGIN}/`);
    expect(link).toHaveAttribute('rel', 'noopener');
  });

  it('is left out when the API says showPoweredBy is false', async () => {
    const el = chartElement(ids('profitloss', 'line'));

    await mount(el, ORIGIN, answer(profitLoss));

    expect(getByRole(shadow(el), 'img')).toBeInTheDocument();
    expect(shadow(el).textContent).not.toContain(POWERED_BY);
  });

  it('is shown when the answer does not say (a free user’s default)', async () => {
    const el = chartElement(ids('timetracked', 'line'));
    const { showPoweredBy: _omitted, ...withoutFlag } = timeTracked;

    await mount(el, ORIGIN, answer(withoutFlag));

    expect(getByRole(shadow(el), 'link', { name: POWERED_BY })).toBeInTheDocument();
  });
});

describe('when the chart cannot be shown', () => {
  it('shows "Chart unavailable" for a project without embedding (404) and does not throw', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const el = chartElement(ids('timetracked', 'line'));

    await expect(
      mount(el, ORIGIN, answer({ errors: [{ msg: 'Not found', code: 'NOT_FOUND' }] }, 404)),
    ).resolves.toBe(undefined);

    expect(getByRole(shadow(el), 'status')).toHaveTextContent(UNAVAILABLE);
    expect(shadow(el).querySelector('svg')).toBeNull();
    expect(shadow(el).textContent).not.toContain(POWERED_BY);
  });

  it('shows "Chart unavailable" when the network fails or the answer is not chart data', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const offline = chartElement(ids('timetracked', 'line'));
    const garbage = chartElement(ids('timetracked', 'line'));

    await mount(
      offline,
      ORIGIN,
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await mount(garbage, ORIGIN, answer({ hello: 'world' }));

    expect(getByRole(shadow(offline), 'status')).toHaveTextContent(UNAVAILABLE);
    expect(getByRole(shadow(garbage), 'status')).toHaveTextContent(UNAVAILABLE);
  });

  it('does not call the API when an identifier is missing or unknown', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchFn = answer(timeTracked);
    const noProject = chartElement({ 'user-id': 'u1', 'chart-type': 'timetracked', 'chart-kind': 'line' });
    const badKind = chartElement(ids('timetracked', 'donut'));

    await mount(noProject, ORIGIN, fetchFn);
    await mount(badKind, ORIGIN, fetchFn);

    expect(fetchFn).not.toHaveBeenCalled();
    expect(getByRole(shadow(noProject), 'status')).toHaveTextContent(UNAVAILABLE);
    expect(getByRole(shadow(badKind), 'status')).toHaveTextContent(UNAVAILABLE);
  });
});

describe('on the host page', () => {
  it('keeps everything inside the element’s shadow root: no light-DOM children, no page styles', async () => {
    const el = chartElement(ids('timetracked', 'line'));
    const headBefore = document.head.innerHTML;

    await mount(el, ORIGIN, answer(timeTracked));

    expect(el.childNodes).toHaveLength(0);
    expect(document.head.innerHTML).toBe(headBefore);
    expect(document.querySelectorAll('style, svg')).toHaveLength(0);
    const css = shadow(el).querySelector('style')?.textContent;
    expect(css).toContain(':host{display:block;border:0!important');
    expect(css).toContain('.tl{all:initial;');
  });

  it('shares one constructed stylesheet between charts where the browser has them (strict CSP pages)', async () => {
    // jsdom lacks adoptedStyleSheets; give its ShadowRoot the browser's property for this test.
    const adopted = new WeakMap<ShadowRoot, CSSStyleSheet[]>();
    Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', {
      configurable: true,
      get(this: ShadowRoot) {
        return adopted.get(this) ?? [];
      },
      set(this: ShadowRoot, value: CSSStyleSheet[]) {
        adopted.set(this, value);
      },
    });
    try {
      const first = chartElement(ids('timetracked', 'line'));
      const second = chartElement(ids('timepertask', 'pie'));

      await mount(first, ORIGIN, answer(timeTracked));
      await mount(second, ORIGIN, answer(timePerTask));

      const [a, b] = [first.shadowRoot!.adoptedStyleSheets, second.shadowRoot!.adoptedStyleSheets];
      expect(a).toHaveLength(1);
      expect(b[0]).toBe(a[0]);
      expect(a[0]?.cssRules[0]?.cssText).toContain(':host');
      expect(first.shadowRoot!.querySelector('style')).toBeNull();
    } finally {
      delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    }
  });

  it('draws the elements already on the page and those added later, and re-draws when one changes', async () => {
    const fetchFn = answer(timeTracked);
    const early = chartElement(ids('timetracked', 'line'));

    const stop = start(document, ORIGIN, fetchFn);
    const late = chartElement(ids('totaltime', 'bar'));
    await vi.waitFor(() => expect(late.shadowRoot?.querySelector('svg')).not.toBeNull());
    await vi.waitFor(() => expect(early.shadowRoot?.querySelector('svg')).not.toBeNull());
    late.setAttribute('data-chart-kind', 'line');
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(3));
    stop();

    const urls = fetchFn.mock.calls.map((c) => String(c[0]));
    expect(urls).toEqual([
      `${ORIGIN}/api/embed/u1/p1/timetracked/line`,
      `${ORIGIN}/api/embed/u1/p1/totaltime/bar`,
      `${ORIGIN}/api/embed/u1/p1/totaltime/line`,
    ]);
    await vi.waitFor(() => expect(late.shadowRoot?.querySelector('path.tl-line')).not.toBeNull());
  });

  it('ignores a slow answer for a configuration that has since changed', async () => {
    const resolvers: Array<(r: Response) => void> = [];
    const fetchFn = vi.fn(() => new Promise<Response>((resolve) => resolvers.push(resolve)));
    const el = chartElement(ids('timetracked', 'line'));

    const first = mount(el, ORIGIN, fetchFn);
    el.setAttribute('data-chart-type', 'timepertask');
    el.setAttribute('data-chart-kind', 'pie');
    const second = mount(el, ORIGIN, fetchFn);
    resolvers[1]?.({ ok: true, status: 200, json: async () => timePerTask } as Response);
    await second;
    resolvers[0]?.({ ok: true, status: 200, json: async () => timeTracked } as Response);
    await first;

    expect(getByRole(shadow(el), 'img', { name: 'Time per task' })).toBeInTheDocument();
    expect(shadow(el).querySelector('path.tl-line')).toBeNull();
  });
});

describe('the API origin', () => {
  it('is the origin the embed script was loaded from, not the host page’s', () => {
    const script = document.createElement('script');
    script.src = 'https://app.timeledger.example/embed/timeledger-embed.js';
    document.body.append(script);

    expect(originFromScript(document)).toBe('https://app.timeledger.example');
  });
});
