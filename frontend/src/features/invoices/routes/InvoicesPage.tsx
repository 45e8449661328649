import { useState } from 'react';
import { Button, Collapsible, Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import { useTitle } from '@/lib/use-title';
import { useInvoices } from '../api/invoices';
import { InvoiceSettingsForm } from '../components/InvoiceSettingsForm';
import { InvoiceTable } from '../components/InvoiceTable';
import { NewInvoiceDialog } from '../components/NewInvoiceDialog';

/** /invoices — the list with status and totals, a new invoice, and the issuer's details. */
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
      </div>
      {invoices ? <InvoiceTable invoices={invoices} /> : <Spinner />}
      <Collapsible title={t('invoices.settings.title')} defaultOpen={false}>
        <InvoiceSettingsForm />
      </Collapsible>
      <NewInvoiceDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
