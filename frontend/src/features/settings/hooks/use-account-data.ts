import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { paths } from '@/lib/paths';
import { deleteAccount } from '../api/delete-account';
import { downloadUserData } from '../api/export-user-data';

/** The data section's two actions: download everything, and delete the account after a confirmation. */
export function useAccountData(userName: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();

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

  async function onDelete() {
    setDeleting(true);
    setDeleteError(undefined);
    try {
      await deleteAccount();
      setConfirmOpen(false);
      // The goodbye page ends the session; logging out here first would let the signed-in gate
      // bounce to the start page and remember /settings for the next login.
      navigate(paths.loggedOut, { replace: true });
    } catch {
      setConfirmOpen(false);
      setDeleteError(t('settings.deletionFailed'));
    } finally {
      setDeleting(false);
    }
  }

  return {
    exporting,
    exportError,
    onExport,
    confirmOpen,
    setConfirmOpen,
    deleting,
    deleteError,
    onDelete,
  };
}
