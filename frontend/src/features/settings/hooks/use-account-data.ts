import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
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

  return { exporting, exportError, onExport };
}
