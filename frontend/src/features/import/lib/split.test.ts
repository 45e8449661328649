import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { splitCsv } from './split';

const header = 'Project,Description,Duration';
const rows = Array.from({ length: 10 }, (_, i) => `Acme,"row ${i}, line one\nline two ""q"" 🎉",00:0${i}:00`);

describe('splitCsv', () => {
  it('sends a small file as it is', () => {
    const text = `\uFEFF${header}\r\n${rows.join('\r\n')}\r\n`;
    const parts = splitCsv(text);
    expect(parts).toEqual([{ text: text.slice(1), lineOffset: 0, rows: 10 }]);
  });

  it('cuts a big file at row boundaries, each part with the header, and keeps line numbers of the file', () => {
    const text = `${header}\n${rows.join('\n')}\n`;
    const parts = splitCsv(text, 200, 4);
    expect(parts.length).toBeGreaterThan(2);
    const all: string[][] = [];
    for (const part of parts) {
      expect(new TextEncoder().encode(part.text).length).toBeLessThanOrEqual(200);
      const [head, ...data] = Papa.parse<string[]>(part.text, { skipEmptyLines: true }).data;
      expect(head).toEqual(['Project', 'Description', 'Duration']);
      expect(part.lineOffset).toBe(all.length);
      expect(data).toHaveLength(part.rows);
      all.push(...data);
    }
    expect(all).toEqual(Papa.parse<string[]>(rows.join('\n')).data);
  });
});
