import { useId, useState } from 'react';
import { useTranslation } from '../i18n';
import { decimalMarks } from '../lib/decimal';
import { type CsvExportScope, downloadCsv } from '../lib/download';
import { errorMessage } from '../lib/error-text';
import { Button } from './Button';
import { useNumberLocale } from './DecimalField';

/**
 * The two CSV downloads (time entries; income and expenses) for everything, or for one project
 * and range. Files open in Excel and other spreadsheets (UTF-8 with BOM). Where the user's number
 * format writes a decimal comma, Excel splits rows only at semicolons and reads `27.01` as a date,
 * so those users choose between Excel's form (the default) and the standard CSV.
 */
export function CsvExportButtons({ scope = {}, label }: { scope?: CsvExportScope; label?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'time' | 'finance' | null>(null);
  const [error, setError] = useState<string>();
  const decimalComma = decimalMarks(useNumberLocale()).decimal === ',';
  const [format, setFormat] = useState<'csv' | 'excel'>('excel');
  const formatId = useId();

  async function download(kind: 'time' | 'finance') {
    setBusy(kind);
    setError(undefined);
    try {
      await downloadCsv(kind, scope, decimalComma ? format : 'csv');
    } catch (err) {
      setError(t('csv.failed', { reason: errorMessage(err) }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <fieldset className="csv-export">
      <legend className="visually-hidden">{label ?? t('csv.label')}</legend>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {decimalComma ? (
        <div className="field">
          <label htmlFor={formatId}>{t('csv.format')}</label>
          <select
            id={formatId}
            value={format}
            onChange={(e) => setFormat(e.target.value === 'csv' ? 'csv' : 'excel')}
          >
            <option value="excel">{t('csv.excel')}</option>
            <option value="csv">{t('csv.plain')}</option>
          </select>
        </div>
      ) : null}
      <div className="form-actions">
        <Button variant="secondary" onClick={() => download('time')} disabled={busy !== null}>
          {busy === 'time' ? t('csv.exporting') : t('csv.time')}
        </Button>
        <Button variant="secondary" onClick={() => download('finance')} disabled={busy !== null}>
          {busy === 'finance' ? t('csv.exporting') : t('csv.finance')}
        </Button>
      </div>
    </fieldset>
  );
}
