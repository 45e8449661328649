import { Link } from 'react-router-dom';
import { Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import { paths } from '@/lib/paths';
import { useTitle } from '@/lib/use-title';
import { useInvoiceSettings } from '../api/invoices';
import { InvoiceSettingsForm } from '../components/InvoiceSettingsForm';

/**
 * `/settings/invoice-details` (issue 36): the seller's details on every invoice, a settings page of
 * its own. An invoice that cannot be sent links here with the missing values named
 * (`?missing=street,iban#street`); the form marks and focuses them.
 */
export function InvoiceDetailsPage() {
  const { t } = useTranslation();
  useTitle(t('invoiceDetails.title'));
  const { data } = useInvoiceSettings();
  return (
    <div className="page invoice-details-page">
      <nav className="form-actions" aria-label={t('invoiceDetails.nearby')}>
        <Link to={paths.settings}>{t('invoiceDetails.toSettings')}</Link>
        <Link to={paths.invoices}>{t('invoiceDetails.toInvoices')}</Link>
      </nav>
      <h1>{t('invoiceDetails.title')}</h1>
      <p className="muted">{t('invoiceDetails.intro')}</p>
      <section className="card">{data ? <InvoiceSettingsForm /> : <Spinner />}</section>
    </div>
  );
}
