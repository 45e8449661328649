import { describe, expect, it } from 'vitest';
import { exportFileName } from './accounts';

describe('the export’s file name', () => {
  const at = new Date('2026-03-09T23:59:00.000Z');

  it('is timeledger-<name slug>-<yyyy-mm-dd>.json', () => {
    expect(exportFileName('Ada Lovelace', at)).toBe('timeledger-ada-lovelace-2026-03-09.json');
  });

  it('keeps only safe characters, so the header cannot be broken', () => {
    expect(exportFileName('Zoë "O\'Brien" / Ångström\r\n', at)).toBe(
      'timeledger-zoe-o-brien-angstrom-2026-03-09.json',
    );
  });

  it('falls back to "user" for a name without letters or digits', () => {
    expect(exportFileName('张伟', at)).toBe('timeledger-user-2026-03-09.json');
  });
});
