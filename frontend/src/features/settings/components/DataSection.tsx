import { Link } from 'react-router-dom';
import { Button, FormError } from '@/components';
import { CsvExportButtons } from '@/components/CsvExportButtons';
import { rich, useTranslation } from '@/i18n';
import type { User } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useAccountData } from '../hooks/use-account-data';
import { useAccountDeletion } from '../hooks/use-account-deletion';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { SettingsSection } from './SettingsSection';

/** The user's data: the JSON export, the CSV downloads, the way to the import, and deleting the account. */
export function DataSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const data = useAccountData(user.name);
  const deletion = useAccountDeletion(user.twoFactor);
  return (
    <SettingsSection id="settings-data" title={t('settings.dataTitle')}>
      <p className="muted">{t('settings.exportHint')}</p>
      <FormError>{data.exportError}</FormError>
      <div className="form-actions">
        <Button variant="secondary" onClick={data.onExport} disabled={data.exporting}>
          {t('settings.export')}
        </Button>
      </div>
      <p className="muted">{t('receipts.exportZipHint')}</p>
      <FormError>{data.withFiles.error}</FormError>
      <div className="form-actions">
        <Button variant="secondary" onClick={data.withFiles.start} disabled={data.withFiles.busy}>
          {t('receipts.exportZip')}
        </Button>
        {data.withFiles.progress && data.withFiles.progress.total > 0 ? (
          <span className="muted" role="status">
            {t('receipts.exportZipProgress', data.withFiles.progress)}
          </span>
        ) : null}
      </div>
      <p className="muted">{t('csv.settingsHint')}</p>
      <CsvExportButtons label={t('csv.settingsLabel')} />
      <h3>{t('importPage.settingsTitle')}</h3>
      <p className="muted">
        {rich(t('importPage.settingsHint'), { link: (text) => <Link to={paths.importData}>{text}</Link> })}
      </p>
      <h3>{t('settings.deleteAccount')}</h3>
      <p className="muted">{t('settings.deleteHint')}</p>
      <FormError>{deletion.failure}</FormError>
      <div className="form-actions">
        <Button variant="danger" onClick={() => deletion.setOpen(true)}>
          {t('settings.deleteAccount')}
        </Button>
      </div>
      <DeleteAccountDialog
        deletion={deletion}
        twoFactor={user.twoFactor}
        onExport={data.onExport}
        exporting={data.exporting}
      />
    </SettingsSection>
  );
}
