import { type FormEvent, useEffect, useState } from 'react';
import { Field, FormError, SubmitRow, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { type InvoiceSettings, useInvoiceSettings, useSaveInvoiceSettings } from '../api/invoices';

type Draft = Omit<InvoiceSettings, 'paymentTermsDays'> & { paymentTermsDays: string };

/** The issuer on every invoice: name, address, tax ID, bank details, payment terms, number prefix. */
export function InvoiceSettingsForm() {
  const { t } = useTranslation();
  const { data } = useInvoiceSettings();
  const save = useSaveInvoiceSettings();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (data) setDraft({ ...data, paymentTermsDays: String(data.paymentTermsDays) });
  }, [data]);
  if (!draft) return null;

  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await save({ ...draft, paymentTermsDays: Number(draft.paymentTermsDays) });
      toast.show(t('invoices.settings.saved'));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form invoice-settings" onSubmit={submit} noValidate>
      <Field label={t('invoices.settings.name')}>
        <input value={draft.name} onChange={set('name')} autoComplete="organization" />
      </Field>
      <Field label={t('invoices.settings.address')}>
        <textarea value={draft.address} onChange={set('address')} rows={3} />
      </Field>
      <Field label={t('invoices.settings.taxId')}>
        <input value={draft.taxId} onChange={set('taxId')} />
      </Field>
      <Field label={t('invoices.settings.bankDetails')}>
        <textarea value={draft.bankDetails} onChange={set('bankDetails')} rows={2} />
      </Field>
      <Field label={t('invoices.settings.paymentTermsDays')}>
        <input
          type="number"
          min={0}
          max={365}
          value={draft.paymentTermsDays}
          onChange={set('paymentTermsDays')}
        />
      </Field>
      <Field label={t('invoices.settings.numberPrefix')} hint={t('invoices.settings.numberPrefixHint')}>
        <input value={draft.numberPrefix} onChange={set('numberPrefix')} />
      </Field>
      <FormError>{error}</FormError>
      <SubmitRow label={t('common.save')} disabled={busy} />
    </form>
  );
}
