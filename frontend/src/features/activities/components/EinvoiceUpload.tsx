import type { FinanceActivity } from '@contract/responses';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Field, FormError, SubmitRow, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { useFormatPrefs } from '@/lib/auth';
import { errorMessage } from '@/lib/error-text';
import { formatDate, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useUploadEinvoice } from '../api/einvoice';
import type { ProjectPickerComponent } from './types';

/** The API's own limit for the file (`MAX_FILE_BYTES`): refused here before it is sent. */
const MAX_BYTES = 10 * 1024 * 1024;

/** What the upload booked: the expense's figures as the server stored them, and a link to it. */
function BookedExpense({ activity }: { activity: FinanceActivity }) {
  const { t } = useTranslation();
  const prefs = useFormatPrefs();
  return (
    <section className="einvoice-booked" aria-labelledby="einvoice-booked-title">
      <h3 id="einvoice-booked-title">{t('einvoiceIn.booked')}</h3>
      <dl>
        <dt>{t('entry.task')}</dt>
        <dd>{activity.activity}</dd>
        <dt>{t('entry.subTask')}</dt>
        <dd>{activity.description}</dd>
        <dt>{t('entry.date')}</dt>
        <dd>{formatDate(activity.date)}</dd>
        <dt>{t('einvoiceIn.net')}</dt>
        <dd>{formatMoney(activity.amount, prefs)}</dd>
        <dt>{t('einvoiceIn.vat')}</dt>
        <dd>{formatMoney(activity.vatAmount, prefs)}</dd>
      </dl>
      <Link to={paths.financeActivity(activity._id)}>{t('einvoiceIn.open')}</Link>
    </section>
  );
}

/**
 * "Upload an e-invoice" on the expense side: a supplier's XRechnung (CII or UBL) or
 * ZUGFeRD/Factur-X PDF becomes an expense of the chosen project (CONTRACT §9 "E-invoices
 * received"), shown once booked; the server's refusals (not an invoice, booked before, another
 * currency) in the app's words.
 */
export function EinvoiceUpload({
  ProjectPicker,
  initialProjectId,
}: {
  ProjectPicker: ProjectPickerComponent;
  initialProjectId?: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const upload = useUploadEinvoice();
  const [projectId, setProjectId] = useState(initialProjectId);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [booked, setBooked] = useState<FinanceActivity | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !projectId || !file) return;
    if (file.size > MAX_BYTES) {
      setError(t('einvoiceIn.tooLarge'));
      return;
    }
    setBusy(true);
    setError(null);
    setBooked(null);
    try {
      setBooked(await upload(projectId, file));
      toast.show(t('einvoiceIn.toast'), 1500);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card entry-form" onSubmit={submit} aria-labelledby="einvoice-title">
      <h2 id="einvoice-title">{t('einvoiceIn.title')}</h2>
      <p className="muted">{t('einvoiceIn.intro')}</p>
      <ProjectPicker value={projectId} onChange={setProjectId} />
      <Field label={t('einvoiceIn.file')}>
        <input
          type="file"
          accept=".xml,.pdf,application/xml,text/xml,application/pdf"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
        />
      </Field>
      <FormError>{error}</FormError>
      <SubmitRow
        label={busy ? t('einvoiceIn.uploading') : t('einvoiceIn.upload')}
        disabled={busy || !projectId || !file}
      />
      {booked ? <BookedExpense activity={booked} /> : null}
    </form>
  );
}
