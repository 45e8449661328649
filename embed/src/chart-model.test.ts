import { describe, expect, it } from 'vitest';
import { chartSeries, hasData, legendEntries, pieSlices } from './chart-model';
import { valueFormat } from './format';

const hours = valueFormat('timetracked', 'en-US');

describe('what a chart shows, for the embed and the app alike', () => {
  it('names each point by its label and value, with the series first when there are several', () => {
    const one = { labels: ['Mar 2026'], datasets: [{ label: 'Time', data: [1.5] }] };
    const two = {
      labels: ['Web'],
      datasets: [
        { label: 'Income', data: [2] },
        { label: 'Expenses', data: [Number.NaN] },
      ],
    };

    expect(chartSeries(one, hours, 'line')[0]?.points[0]?.text).toBe('Mar 2026: 1:30 h');
    expect(chartSeries(two, hours, 'bar').map((s) => s.points[0]?.text)).toEqual([
      'Income, Web: 2:00 h',
      'Expenses, Web: 0:00 h',
    ]);
  });

  it('gives a pie only its positive slices, each with its share of them and a colour of its own', () => {
    const data = { labels: ['A', 'B', 'C', 'D'], datasets: [{ label: 'x', data: [1, 0, 3, -2] }] };
    const slices = pieSlices(data, hours, 'de-DE');

    expect(slices.map((s) => [s.label, s.share])).toEqual([
      ['A', 0.25],
      ['C', 0.75],
    ]);
    expect(slices[1]?.text).toBe('C: 3:00 h (75\u00a0%)');
    expect(new Set(slices.map((s) => s.color)).size).toBe(2);
    expect(hasData(data, 'pie')).toBe(true);
    expect(hasData({ labels: ['A'], datasets: [{ label: 'x', data: [0] }] }, 'pie')).toBe(false);
  });

  it('has a legend for a pie and for more than one series, none for a single series', () => {
    const pie = {
      labels: ['A', 'B'],
      datasets: [{ label: 'x', data: [1, 1], backgroundColor: ['#111', '#222'] }],
    };
    const single = { labels: ['A'], datasets: [{ label: 'Time', data: [1] }] };
    const double = {
      labels: ['A'],
      datasets: [
        { label: 'In', data: [1], borderColor: '#0a0' },
        { label: 'Out', data: [1] },
      ],
    };

    expect(legendEntries(pie, 'pie', hours)).toEqual([
      { color: '#111', text: 'A 1:00 h (50%)' },
      { color: '#222', text: 'B 1:00 h (50%)' },
    ]);
    expect(legendEntries(single, 'line', hours)).toEqual([]);
    expect(legendEntries(double, 'bar', hours)).toEqual([
      { color: '#0a0', text: 'In' },
      { color: '#3b82f6', text: 'Out' },
    ]);
  });
});
