import { describe, expect, it } from 'vitest';
import { setTestLanguage } from '../test/i18n';
import { ApiError } from './api';
import { apiErrorText, errorMessage } from './error-text';

const tooLong = {
  msg: 'Sub-task must be at most 200 characters',
  code: 'TEXT_TOO_LONG',
  param: 'description',
  values: { field: 'subTask', max: 200 },
};

describe('a server error on screen', () => {
  it('is the catalogue’s German for its code, with the field and the limit filled in', async () => {
    await setTestLanguage('de');
    expect(errorMessage(new ApiError(400, [tooLong]))).toBe(
      'Unteraufgabe darf höchstens 200 Zeichen lang sein',
    );
    expect(apiErrorText({ msg: 'Invalid Credentials', code: 'INVALID_CREDENTIALS' })).toBe(
      'E-Mail-Adresse oder Passwort ist falsch',
    );
  });

  it('is the server’s own English words in English', async () => {
    await setTestLanguage('en');
    expect(errorMessage(new ApiError(400, [tooLong]))).toBe(tooLong.msg);
  });

  it('falls back to the server’s words for a code this app does not know yet', async () => {
    await setTestLanguage('de');
    expect(apiErrorText({ msg: 'Something new', code: 'NEW_IN_A_LATER_SERVER' })).toBe('Something new');
    expect(apiErrorText({ msg: 'No code at all' })).toBe('No code at all');
  });

  it('names an import row’s column as the file has it', async () => {
    await setTestLanguage('de');
    const row = {
      msg: 'Start date must be a date like 2024-01-31, not "31.01.2024"',
      code: 'ROW_ISO_DATE',
      values: { column: 'Start date', value: '31.01.2024' },
    };
    expect(apiErrorText(row)).toBe('Start date muss ein Datum wie 2024-01-31 sein, nicht „31.01.2024“');
  });
});
