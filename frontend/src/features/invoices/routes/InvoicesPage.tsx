import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import { paths } from '@/lib/paths';
import { useTitle } from '@/lib/use-title';
import { useInvoices } from '../api/invoices';
import { InvoiceTable } from '../components/InvoiceTable';
import { NewInvoiceDialog } from '../components/NewInvoiceDialog';

/**
 * /invoices — the list with status and totals, a new invoice, and a link to the issuer's details
 * (a page of their own, `/settings/invoice-details`).
 */
export function InvoicesPage() {
  const { t } = useTranslation();
  useTitle(t('invoices.title'));
  const { data: invoices } = useInvoices();
  const [creating, setCreating] = useState(false);
  return (
    <div className="page invoices-page">
      <h1>{t('invoices.title')}</h1>
      <div className="form-actions">
        <Button onClick={() => setCreating(true)}>{t('invoices.new')}</Button>
        <Link to={paths.invoiceDetails}>{t('invoiceDetails.link')}</Link>
      </div>
      {invoices ? <InvoiceTable invoices={invoices} /> : <Spinner />}
      <NewInvoiceDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
