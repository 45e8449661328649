import { LINE_GROUPINGS, type LineGrouping } from '@contract/invoices';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, Field, FormError, NamedOptions, ValueOptions } from '@/components';
import { useTranslation } from '@/i18n';
import { useClients } from '@/lib/clients';
import { paths } from '@/lib/paths';
import { GROUPING_WORDS } from '../lib-words';
import { InvoiceLines } from './InvoiceLines';
import { MinimumEntryField } from './MinimumEntryField';
import { TaxFields } from './TaxFields';
import { useNewInvoice } from './use-new-invoice';

/** A new invoice: client, period, tax; a preview of its lines; then the draft. */
export function NewInvoiceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useNewInvoice();
  const { value } = form;
  const close = () => {
    form.reset();
    onClose();
  };
  const create = async () => {
    const invoice = await form.createDraft();
    if (invoice) {
      close();
      navigate(paths.invoice(invoice._id));
    }
  };
  if (!open) return null;
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('invoices.new')}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button variant="secondary" onClick={form.showPreview} disabled={form.busy || !value.clientId}>
            {t('invoices.preview')}
          </Button>
          <Button onClick={create} disabled={form.busy || !value.clientId}>
            {t('invoices.createDraft')}
          </Button>
        </>
      }
    >
      <div className="form">
        <InvoiceFields form={form} />
        <FormError>{form.error}</FormError>
        {form.preview ? (
          <section aria-label={t('invoices.preview')}>
            <p className="muted">{t('invoices.previewEntries', { count: form.preview.entryCount })}</p>
            {form.preview.expenseIds.length > 0 ? (
              <p className="muted">
                {t('invoices.previewExpenses', { count: form.preview.expenseIds.length })}
              </p>
            ) : null}
            <InvoiceLines invoice={form.preview} />
          </section>
        ) : null}
      </div>
    </Dialog>
  );
}

/** The new invoice's client, period, tax and notes. */
function InvoiceFields({ form }: { form: ReturnType<typeof useNewInvoice> }) {
  const { t } = useTranslation();
  const { data: clients } = useClients();
  const { value, change } = form;
  return (
    <>
      <Field label={t('invoices.client')}>
        <select value={value.clientId} onChange={(e) => change({ clientId: e.target.value })}>
          <option value="">{t('invoices.chooseClient')}</option>
          <NamedOptions items={clients} />
        </select>
      </Field>
      <Field label={t('invoices.from')}>
        <input type="date" value={value.startdate} onChange={(e) => change({ startdate: e.target.value })} />
      </Field>
      <Field label={t('invoices.to')}>
        <input type="date" value={value.enddate} onChange={(e) => change({ enddate: e.target.value })} />
      </Field>
      <TaxFields taxRate={value.taxRate} reverseCharge={value.reverseCharge} onChange={change} />
      <Field label={t('invoices.notes')}>
        <textarea value={value.notes} rows={2} onChange={(e) => change({ notes: e.target.value })} />
      </Field>
      <Field label={t('invoices.lineGrouping')}>
        <select
          value={value.lineGrouping}
          onChange={(e) => change({ lineGrouping: e.target.value as LineGrouping })}
        >
          <ValueOptions values={LINE_GROUPINGS} name={(g) => t(GROUPING_WORDS[g])} />
        </select>
      </Field>
      <Field label={t('invoices.includeExpenses')} layout="check" hint={t('invoices.includeExpensesHint')}>
        <input
          type="checkbox"
          checked={value.includeExpenses}
          onChange={(e) => change({ includeExpenses: e.target.checked })}
        />
      </Field>
      <MinimumEntryField onChange={() => change({})} />
    </>
  );
}
