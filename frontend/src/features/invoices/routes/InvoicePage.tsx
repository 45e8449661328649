import { Link } from 'react-router-dom';
import { Button, ConfirmDialog, Field, FormError, Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import { formatDate } from '@/lib/format';
import { paths, ROUTES } from '@/lib/paths';
import { useRouteParam } from '@/lib/use-route-param';
import { useTitle } from '@/lib/use-title';
import { useInvoice } from '../api/invoices';
import { DraftEditor } from '../components/DraftEditor';
import { CreditNoteLink, InvoiceDocuments, useDocumentName } from '../components/InvoiceDocuments';
import { InvoiceLines } from '../components/InvoiceLines';
import { StatusBadge } from '../components/InvoiceTable';
import { MissingValues } from '../components/MissingValues';
import { ACTION_WORDS, actionsFor, useInvoiceActions } from '../components/use-invoice-actions';

/**
 * /invoices/:id — one invoice or credit note: its lines and totals, its documents (PDF, XRechnung,
 * UBL, email), the invoice or credit note it is linked to, and the next step of its status.
 */
export function InvoicePage() {
  const { t } = useTranslation();
  const id = useRouteParam(ROUTES.invoice);
  const { data: invoice, error: loadError } = useInvoice(id);
  const actions = useInvoiceActions(invoice);
  const words = actions.asking ? ACTION_WORDS[actions.asking] : null;
  const title = useDocumentName(invoice);
  useTitle(title);
  if (loadError) return <p className="page">{t('invoices.notFound')}</p>;
  if (!invoice) return <Spinner />;
  return (
    <div className="page invoice-page">
      <p>
        <Link to={paths.invoices}>{t('invoices.back')}</Link>
      </p>
      <h1>
        {title} <StatusBadge status={invoice.status} />
      </h1>
      <p>
        {invoice.client.name} · {formatDate(invoice.startdate)} – {formatDate(invoice.enddate)}
        {invoice.paidDate ? ` · ${t('invoices.paidOn', { date: formatDate(invoice.paidDate) })}` : ''}
      </p>
      <CreditNoteLink invoice={invoice} />
      <InvoiceLines invoice={invoice} />
      <InvoiceDocuments invoice={invoice} />
      {invoice.status === 'draft' ? <DraftEditor key={invoice._id} invoice={invoice} /> : null}
      <div className="form-actions">
        {actionsFor(invoice).map((action) => (
          <Button
            key={action}
            variant={action === 'void' || action === 'delete' ? 'danger' : 'primary'}
            onClick={() => actions.ask(action)}
          >
            {t(ACTION_WORDS[action].label)}
          </Button>
        ))}
      </div>
      <FormError>{actions.error}</FormError>
      <MissingValues missing={actions.missing} clientId={invoice.clientId} />
      <ConfirmDialog
        open={actions.asking !== null}
        onCancel={actions.cancel}
        onConfirm={actions.confirm}
        busy={actions.busy}
        title={words ? t(words.title) : ''}
        message={words ? t(words.message) : ''}
        confirmLabel={words ? t(words.label) : ''}
      >
        {actions.asking === 'paid' ? (
          <Field label={t('invoices.paidDate')}>
            <input
              type="date"
              value={actions.paidDate}
              onChange={(e) => actions.setPaidDate(e.target.value)}
            />
          </Field>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
