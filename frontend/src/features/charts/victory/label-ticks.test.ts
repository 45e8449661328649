import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labelTicks } from './CartesianView';

const CHAR = 6.5;
const GAP = 8;

describe('labels along a chart’s axis', () => {
  it('shows every label when they fit', () => {
    expect(labelTicks(['Jan', 'Feb', 'Mar'], 400)).toEqual([0, 1, 2]);
  });

  it('shows every second, third… label of a long range, never two that would overlap', () => {
    const days = Array.from({ length: 31 }, (_, i) => `${i + 1} Mar`);
    const ticks = labelTicks(days, 400);
    expect(ticks[0]).toBe(0);
    expect(ticks.length).toBeLessThan(days.length);
    expect(ticks.length).toBeGreaterThan(1);
  });

  it('keeps labels apart by the widest label, counting characters as a person does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 100, max: 900 }),
        (labels, width) => {
          const ticks = labelTicks(labels, width);
          const widest = Math.max(...labels.map((l) => [...l].length)) * CHAR + GAP;
          const spacing = width / labels.length;
          expect(ticks[0]).toBe(0);
          for (let i = 1; i < ticks.length; i++) {
            expect(((ticks[i] as number) - (ticks[i - 1] as number)) * spacing).toBeGreaterThanOrEqual(
              widest - 1e-9,
            );
          }
          // As many as fit: one step less would overlap.
          const step = ticks.length > 1 ? (ticks[1] as number) - (ticks[0] as number) : labels.length;
          if (step > 1 && ticks.length > 1) expect((step - 1) * spacing).toBeLessThan(widest);
        },
      ),
    );
  });

  it('counts only the zoomed range’s labels, and starts at its first', () => {
    const days = Array.from({ length: 365 }, (_, i) => `d${i}`);
    expect(labelTicks(days, 400)).not.toContain(100);
    const zoomed = labelTicks(days, 400, [100, 105]);
    expect(zoomed.filter((t) => t >= 100 && t <= 105)).toEqual([100, 101, 102, 103, 104, 105]);
  });
});
