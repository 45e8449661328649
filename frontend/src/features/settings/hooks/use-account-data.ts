import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/error-text';
import { downloadUserDataWithFiles } from '../api/export-files';
import { downloadUserData } from '../api/export-user-data';

/** Download everything the account holds, as a JSON file. */
export function useAccountData(userName: string) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();

  async function onExport() {
    setExporting(true);
    setExportError(undefined);
    try {
      await downloadUserData(userName);
    } catch (err) {
      setExportError(t('settings.exportFailed', { reason: errorMessage(err) }));
    } finally {
      setExporting(false);
    }
  }

  const withFiles = useExportWithFiles(userName);
  return { exporting, exportError, onExport, withFiles };
}

/** Download the export with every receipt and issued invoice document, as one zip (issue 37). */
function useExportWithFiles(userName: string) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string>();

  async function start() {
    setProgress({ done: 0, total: 0 });
    setError(undefined);
    try {
      await downloadUserDataWithFiles(userName, (done, total) => setProgress({ done, total }));
    } catch (err) {
      setError(t('receipts.exportZipFailed', { reason: errorMessage(err) }));
    } finally {
      setProgress(null);
    }
  }

  return { busy: progress !== null, progress, error, start };
}
