import { useState } from 'react';
import { useTranslation } from '../i18n';
import { errorMessage } from '../i18n/errors';
import { type CsvExportScope, downloadCsv } from '../lib/download';
import { Button } from './Button';

/**
 * The two CSV downloads (time entries; income and expenses) for everything, or for one project
 * and range. Files open in Excel and other spreadsheets (UTF-8 with BOM).
 */
export function CsvExportButtons({ scope = {}, label }: { scope?: CsvExportScope; label?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'time' | 'finance' | null>(null);
  const [error, setError] = useState<string>();

  async function download(kind: 'time' | 'finance') {
    setBusy(kind);
    setError(undefined);
    try {
      await downloadCsv(kind, scope);
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
