import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { deleteAccount } from '../api/delete-account';
import { downloadUserData } from '../api/export-user-data';
import { useLeaveAccount } from './use-leave-account';

/** The data section's two actions: download everything, and delete the account after a confirmation. */
export function useAccountData(userName: string) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();
  const deletion = useLeaveAccount(deleteAccount, () => t('settings.deletionFailed'));

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

  return { exporting, exportError, onExport, deletion };
}
