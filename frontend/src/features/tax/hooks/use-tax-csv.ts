import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/error-text';
import { downloadTaxReportCsv } from '../api/get-tax-report';
import type { TaxChoice } from '../lib/periods';

/** The CSV download of a period: start it, whether it is on its way, and why it failed. */
export function useTaxCsv(choice: TaxChoice) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    setError(undefined);
    try {
      await downloadTaxReportCsv(choice);
    } catch (err) {
      setError(t('csv.failed', { reason: errorMessage(err) }));
    } finally {
      setDownloading(false);
    }
  };
  return { download, downloading, error };
}
