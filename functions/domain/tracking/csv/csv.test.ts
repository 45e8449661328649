import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsv, unguardCell, writeCsvRows } from './csv';
import { rowId } from './import-ids';
import { decimalHours } from './source-cells';
import { RowError } from './source-rows';

describe('CSV cells', () => {
  it('read back exactly what was written, whatever the text (quotes, commas, newlines, emoji, formulas)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 3, maxLength: 3 }), { minLength: 1 }),
        (rows) => {
          const text = writeCsvRows([['A', 'B', 'C'], ...rows]);
          const back = readCsv(text);
          const expected = rows.filter((r) => !r.every((c) => c.trim() === ''));
          expect(back.records.map((r) => r.cells.map(unguardCell))).toEqual(expected);
        },
      ),
    );
  });

  it('never starts a written cell with a character a spreadsheet runs as a formula', () => {
    for (const danger of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      const [cell] = readCsv(writeCsvRows([['h'], [danger]])).records[0]?.cells ?? [];
      expect(cell?.startsWith("'")).toBe(true);
    }
  });
});

describe('Harvest hours', () => {
  it('are exact to the millisecond with a dot or a decimal comma', () => {
    expect(decimalHours('1.5')).toBe(5_400_000);
    expect(decimalHours('0,01')).toBe(36_000);
    expect(decimalHours('1.234,5')).toBe(1234.5 * 3_600_000);
    expect(decimalHours('1,234.5')).toBe(1234.5 * 3_600_000);
    expect(decimalHours('.25')).toBe(900_000);
    expect(decimalHours('0')).toBe(0);
    for (const bad of ['', '-1', 'abc', '1.2.3,4x', '9999'])
      expect(() => decimalHours(bad)).toThrow(RowError);
  });
});

describe('row ids', () => {
  it('are ULID-shaped, the same for the same seed, and sort by the entry’s time', () => {
    const id = rowId(Date.UTC(2024, 0, 1), 'toggl\nrow\n1');
    expect(id).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    expect(rowId(Date.UTC(2024, 0, 1), 'toggl\nrow\n1')).toBe(id);
    expect(rowId(Date.UTC(2024, 0, 1), 'toggl\nrow\n2')).not.toBe(id);
    expect(rowId(Date.UTC(2023, 0, 1), 'z') < rowId(Date.UTC(2024, 0, 1), 'a')).toBe(true);
  });
});
