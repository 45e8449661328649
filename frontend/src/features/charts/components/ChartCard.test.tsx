import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartKey } from '../api/chart-query';
import { useTimeTrackedChart } from '../api/get-time-tracked-chart';
import { ChartCard } from './ChartCard';

const CHART = {
  labels: ['Jan 2026', 'Feb 2026', 'Mar 2026'],
  datasets: [
    {
      label: 'Time tracked (hours)',
      data: [1.5, 0, 2.25],
      borderWidth: 2,
      borderColor: '#4682cc',
      backgroundColor: 'rgba(70, 130, 204, 0.35)',
    },
  ],
};

describe('a chart card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a loading indicator, then the chart, and 'Change colours' refetches with a new colour seed", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        // A colour seed gives the line another colour, as the API does.
        const colour = String(input).includes('colorseed') ? '#c2410c' : '#4682cc';
        const dataset = { ...CHART.datasets[0], borderColor: colour };
        return new Response(JSON.stringify({ ...CHART, datasets: [dataset] }), { status: 200 });
      }),
    );
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ChartCard
          title="Time tracked"
          kind="line"
          useChart={useTimeTrackedChart}
          query={{ startdate: '2026-01-01', enddate: '2026-03-31' }}
          format={(h) => `${h} h`}
        />
      </SWRConfig>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading Time tracked');

    const figure = screen.getByRole('figure', { name: 'Time tracked' });
    await waitFor(() => expect(figure.querySelector('svg')).not.toBeNull());
    expect(urls).toEqual(['/api/projecttimetrackedchart?enddate=2026-03-31&startdate=2026-01-01']);
    // The values are there for screen readers too.
    expect(screen.getByRole('cell', { name: '2.25 h' })).toBeInTheDocument();
    // The drawing is named by the chart; each point is reached by keyboard and named by its value
    // in the user's format, the line in the dataset's colour.
    const drawing = await screen.findByRole('group', { name: 'Time tracked' });
    const line = () => drawing.querySelector<SVGPathElement>('path.chart-line');
    expect(line()?.style.stroke).toBe('#4682cc');
    expect([...drawing.querySelectorAll('[data-point]')].map((p) => p.getAttribute('aria-label'))).toEqual([
      'Jan 2026: 1.5 h',
      'Feb 2026: 0 h',
      'Mar 2026: 2.25 h',
    ]);

    await userEvent.setup().click(screen.getByRole('button', { name: /^Change colours/ }));

    await waitFor(() => expect(urls).toHaveLength(2));
    expect(urls[1]).toMatch(
      /^\/api\/projecttimetrackedchart\?colorseed=\d+&enddate=2026-03-31&startdate=2026-01-01$/,
    );
    await waitFor(() => expect(line()?.style.stroke).toBe('#c2410c'));
  });

  it('draws a pie with a legend of each slice, its value and its share', async () => {
    const pie = {
      labels: ['Design', 'Code'],
      datasets: [{ label: 'Time per task', data: [1, 3], backgroundColor: ['#111111', '#222222'] }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(pie))),
    );
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ChartCard
          title="Time per task"
          kind="pie"
          useChart={useTimeTrackedChart}
          query={{}}
          format={(h) => `${h} h`}
        />
      </SWRConfig>,
    );
    const drawing = await screen.findByRole('group', { name: 'Time per task' });
    const slices = [...drawing.querySelectorAll<SVGPathElement>('[data-point]')];
    expect(slices.map((s) => s.style.fill)).toEqual(['#111111', '#222222']);
    expect(slices.map((s) => s.getAttribute('aria-label'))).toEqual(['Design: 1 h (25%)', 'Code: 3 h (75%)']);
    const legend = drawing.closest('.chart-drawing')?.querySelector('.tl-legend');
    expect([...(legend?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'Design 1 h (25%)',
      'Code 3 h (75%)',
    ]);
  });

  it("says 'No data in this range.' when every value is zero", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ ...CHART, datasets: [{ ...CHART.datasets[0], data: [0, 0, 0] }] })),
      ),
    );
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ChartCard
          title="Time tracked"
          kind="line"
          useChart={useTimeTrackedChart}
          query={{}}
          format={String}
        />
      </SWRConfig>,
    );
    expect(await screen.findByText('No data in this range.')).toBeInTheDocument();
  });

  it('keys chart calls by path and query, leaving out what is not set', () => {
    expect(chartKey('getTimePerTaskGrid', { startdate: '2026-01-01', enddate: '', projectid: 'p 1' })).toBe(
      '/api/projecttimepertaskgrid?projectid=p+1&startdate=2026-01-01',
    );
    // Equal queries share one cache entry, in whatever order their fields were written.
    expect(chartKey('getTimePerTaskGrid', { projectid: 'p 1', startdate: '2026-01-01' })).toBe(
      chartKey('getTimePerTaskGrid', { startdate: '2026-01-01', projectid: 'p 1' }),
    );
    expect(chartKey('getTotalTimeTrackedChart', {})).toBe('/api/projecttotaltimetrackedchart');
  });

  it('asks for its data at once but draws the chart and its table only once the card comes onto the screen', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return new Response(JSON.stringify(CHART), { status: 200 });
      }),
    );
    // The card, and then its drawing, each watch for the screen; scrolling to them is one call of each.
    const watching: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
    const scrollTo = () =>
      act(() => {
        for (const callback of watching.splice(0)) callback([{ isIntersecting: true }]);
      });
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          watching.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ChartCard
          title="Time tracked"
          kind="line"
          useChart={useTimeTrackedChart}
          query={{ startdate: '2026-01-01', enddate: '2026-03-31' }}
          format={(h) => `${h} h`}
        />
      </SWRConfig>,
    );
    const figure = screen.getByRole('figure', { name: 'Time tracked' });
    await waitFor(() => expect(urls).toHaveLength(1));
    await waitFor(() => expect(figure.getAttribute('aria-busy')).toBe('false'));
    expect(figure.querySelector('.chart-placeholder-line')).not.toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(figure.querySelector('svg')).toBeNull();

    scrollTo();
    expect(await screen.findByRole('cell', { name: '2.25 h' })).toBeInTheDocument();
    scrollTo();
    await waitFor(() => expect(figure.querySelector('svg')).not.toBeNull(), { timeout: 10_000 });
    expect(urls).toHaveLength(1);
  });
});
