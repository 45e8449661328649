import type { DrawableChart } from '@embed/chart-model';
import { valueFormat } from '@embed/format';
import { renderChart, renderLegend } from '@embed/render';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartKind } from '../lib/chart-kind';
import { zoomStep } from './model';
import { useAnimation } from './theme';
import VictoryDrawing from './VictoryDrawing';

const hours = valueFormat('timetracked', 'de-DE');
const money = valueFormat('profitloss', 'de-DE', 'EUR');

const LINE: DrawableChart = {
  labels: ['Jan 2026', 'Feb 2026', 'Mar 2026'],
  datasets: [{ label: 'Time tracked', data: [1.5, 0, 1234.5], borderColor: '#4682cc' }],
};
const TWO_SERIES: DrawableChart = {
  labels: ['Web', 'App'],
  datasets: [
    { label: 'Income', data: [1200.5, 80], borderColor: '#1e7a45' },
    { label: 'Expenses', data: [-300.25, 0], borderColor: '#b3261e' },
  ],
};
const PIE: DrawableChart = {
  labels: ['Design', '', 'Code'],
  datasets: [{ label: 'Time per task', data: [1, 0, 3], backgroundColor: ['#111111', '#222222', '#333333'] }],
};

function draw(kind: ChartKind, data: DrawableChart, format = hours) {
  render(<VictoryDrawing kind={kind} data={data} title="Chart" format={format} locale="de-DE" />);
  return screen.getByRole('group', { name: 'Chart' });
}

/** What the embed's own renderer says for the same data: each point's tooltip and the legend. */
function embedWords(kind: ChartKind, data: DrawableChart, format = hours) {
  const options = {
    kind,
    width: 460,
    height: 270,
    format,
    title: 'Chart',
    axisTitle: '',
    summary: '',
    locale: 'de-DE',
  };
  const svg = renderChart(document, data, options);
  const legend = renderLegend(document, data, options);
  return {
    tips: [...svg.querySelectorAll('circle.tl-dot > title, rect.tl-bar > title, .tl-slice > title')].map(
      (t) => t.textContent,
    ),
    legend: [...(legend?.querySelectorAll('li') ?? [])].map((li) => li.textContent),
  };
}

describe('a chart drawn with Victory', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['line', LINE, hours],
    ['bar', TWO_SERIES, money],
    ['line', TWO_SERIES, money],
    ['pie', PIE, hours],
  ] as const)('says every %s value and legend entry in the same words as the embed', (kind, data, format) => {
    const drawing = draw(kind, data, format);
    const words = embedWords(kind, data, format);

    const labels = [...drawing.querySelectorAll('[data-point]')].map((p) => p.getAttribute('aria-label'));
    const legend = [...document.querySelectorAll('.chart-drawing .tl-legend li')].map((li) => li.textContent);
    expect(labels).toEqual(words.tips);
    expect(legend).toEqual(words.legend);
    expect(labels.length).toBeGreaterThan(1);
  });

  it('names points in the user’s number format and currency, with the series where there are two', () => {
    const drawing = draw('bar', TWO_SERIES, money);
    expect([...drawing.querySelectorAll('[data-point]')].map((p) => p.getAttribute('aria-label'))).toEqual([
      'Income, Web: 1.200,50\u00a0€',
      'Income, App: 80,00\u00a0€',
      'Expenses, Web: -300,25\u00a0€',
      'Expenses, App: 0,00\u00a0€',
    ]);
    expect(document.querySelectorAll('.tl-legend li')).toHaveLength(2);
  });

  it('makes every point of a line chart a tap target of at least 24 px (WCAG 2.2), dense or not', () => {
    const dense: DrawableChart = {
      labels: Array.from({ length: 80 }, (_, i) => `D${i}`),
      datasets: [
        { label: 'Time tracked', data: Array.from({ length: 80 }, (_, i) => i), borderColor: '#4682cc' },
      ],
    };
    for (const data of [LINE, dense]) {
      const drawing = draw('line', data);
      const points = [...drawing.querySelectorAll<SVGPathElement>('path[data-point]')];
      expect(points.length).toBe(data.labels.length);
      for (const point of points) {
        // Victory draws a point as a circle path: "M x, y m -r, 0 a r, r 0 1,0 …".
        const radius = Number(/a\s*([\d.]+),/.exec(point.getAttribute('d') ?? '')?.[1]);
        const stroke = Number.parseFloat(point.style.strokeWidth);
        expect(point.style.stroke).toBe('transparent');
        expect(2 * radius + stroke).toBeGreaterThanOrEqual(24);
      }
      document.body.innerHTML = '';
    }
  });

  it('shows no legend for a single series: the title names it', () => {
    draw('line', LINE);
    expect(document.querySelector('.tl-legend')).toBeNull();
  });

  it('is one tab stop whose arrow keys move through the values, each shown in a tooltip', async () => {
    const user = userEvent.setup();
    const drawing = draw('line', LINE);
    const tooltip = () => document.querySelector('.chart-tooltip')?.textContent;

    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Jan 2026: 1:30 h');
    expect(tooltip()).toBe('Jan 2026: 1:30 h');
    expect(drawing.querySelectorAll('[data-point][tabindex="0"]')).toHaveLength(1);

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Mar 2026: 1.234:30 h');
    expect(tooltip()).toBe('Mar 2026: 1.234:30 h');
    await user.keyboard('{ArrowRight}');
    expect(tooltip()).toBe('Mar 2026: 1.234:30 h');
    await user.keyboard('{Home}');
    expect(tooltip()).toBe('Jan 2026: 1:30 h');

    await user.keyboard('{Escape}');
    expect(tooltip()).toBeUndefined();
    await user.tab();
    expect(document.activeElement?.closest('.chart-drawing')).toBeNull();
  });

  it('shows a slice’s value and share when it is tapped or clicked', async () => {
    const drawing = draw('pie', PIE);
    const code = [...drawing.querySelectorAll('[data-point]')][1] as Element;

    await userEvent.setup().click(code);

    expect(document.querySelector('.chart-tooltip')).toHaveTextContent('Code: 3:00 h (75 %)');
  });

  it('draws its labels without laying out the page to measure their text', () => {
    const measure = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    const days = {
      labels: Array.from({ length: 31 }, (_, i) => `${i + 1} Mar`),
      datasets: [{ label: 'Time', data: Array.from({ length: 31 }, (_, i) => i * 1.5) }],
    };
    render(<VictoryDrawing kind="bar" data={days} title="Days" format={hours} />);
    render(<VictoryDrawing kind="line" data={TWO_SERIES} title="Money" format={money} />);
    expect(screen.getAllByText('1 Mar').length).toBeGreaterThan(0);
    expect(measure).not.toHaveBeenCalled();
    measure.mockRestore();
  });

  it('offers an overview to zoom with on a line chart of more than twelve points only', () => {
    const long = {
      labels: Array.from({ length: 30 }, (_, i) => `${i + 1} Mar`),
      datasets: [{ label: 'Time', data: Array.from({ length: 30 }, (_, i) => i) }],
    };
    render(<VictoryDrawing kind="line" data={long} title="Long" format={hours} />);
    expect(screen.getByRole('img', { name: /^Zoom into Long/ })).toBeInTheDocument();

    render(<VictoryDrawing kind="line" data={LINE} title="Short" format={hours} />);
    expect(screen.queryByRole('img', { name: /^Zoom into Short/ })).toBeNull();
  });

  it('zooms a long line chart by keyboard: + around the value being read, - back out to the whole range', async () => {
    const user = userEvent.setup();
    const long = {
      labels: Array.from({ length: 40 }, (_, i) => `${i + 1} Mar`),
      datasets: [{ label: 'Time', data: Array.from({ length: 40 }, (_, i) => i) }],
    };
    render(<VictoryDrawing kind="line" data={long} title="Long" format={hours} />);
    const points = () =>
      [...document.querySelectorAll('[data-point]')].map((p) => p.getAttribute('aria-label'));
    const showAll = () => screen.queryByRole('button', { name: /Show the whole range/ });
    expect(points()).toHaveLength(40);

    await user.tab();
    await user.keyboard('{End}');
    await user.keyboard('+');
    const zoomed = points();
    expect(zoomed.length).toBeLessThan(30);
    expect(zoomed.at(-1)).toBe('40 Mar: 39:00 h');
    expect(showAll()).toBeInTheDocument();

    await user.keyboard('+');
    expect(points().length).toBeLessThan(zoomed.length);
    await user.keyboard('---');
    expect(points()).toHaveLength(40);
    expect(showAll()).toBeNull();
  });

  it('keeps every zoom step inside the chart and at least four points wide', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 13, max: 400 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.constantFrom<1 | -1>(1, -1), { maxLength: 12 }),
        (n, at, steps) => {
          let domain: [number, number] | undefined;
          const center = Math.floor(at * (n - 1));
          for (const step of steps) {
            domain = zoomStep(domain, n, center, step);
            if (!domain) continue;
            expect(domain[0]).toBeGreaterThanOrEqual(0);
            expect(domain[1]).toBeLessThanOrEqual(n - 1);
            expect(domain[1] - domain[0]).toBeGreaterThanOrEqual(3);
          }
        },
      ),
    );
  });

  it('animates only changes the user made, and only when they have not asked for reduced motion', () => {
    const media = (reduce: boolean) =>
      vi.fn(() => ({ matches: reduce, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
    vi.stubGlobal('matchMedia', media(true));
    expect(renderHook(() => useAnimation(true)).result.current).toBeUndefined();
    vi.stubGlobal('matchMedia', media(false));
    expect(renderHook(() => useAnimation(true)).result.current).toMatchObject({
      duration: expect.any(Number),
    });
    // The first drawing, and its settling while the page loads, are not animated.
    expect(renderHook(() => useAnimation(false)).result.current).toBeUndefined();
    act(() => undefined);
  });
});
