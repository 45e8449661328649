import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { paths } from '@/lib/paths';
import { SettingsSection } from './SettingsSection';

/** Where the seller's details on invoices are edited: a page of their own (issue 36). */
export function InvoiceDetailsSection() {
  const { t } = useTranslation();
  return (
    <SettingsSection id="settings-invoice-details" title={t('invoices.settings.title')}>
      <p>{t('invoiceDetails.settingsText')}</p>
      <p>
        <Link to={paths.invoiceDetails}>{t('invoiceDetails.settingsLink')}</Link>
      </p>
    </SettingsSection>
  );
}
