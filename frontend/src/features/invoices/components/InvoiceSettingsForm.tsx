import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Field, FormError, SubmitRow, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { LANGUAGE_NAMES, LANGUAGES } from '@/i18n/languages';
import { errorMessage } from '@/lib/error-text';
import { type InvoiceSettings, useInvoiceSettings, useSaveInvoiceSettings } from '../api/invoices';

type Draft = Omit<InvoiceSettings, 'paymentTermsDays'> & { paymentTermsDays: string };
type TextKey = Exclude<keyof Draft, 'smallBusiness' | 'invoiceLanguage' | 'taxId'>;

/** One group of the form, with a visible heading. */
function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="form-group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The seller on every invoice (CONTRACT §9): address, contact, tax identifiers, bank and the
 * invoices' language, grouped as an e-invoice carries them.
 */
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
  const text = (field: TextKey, label: string, autoComplete?: string) => (
    <Field label={label}>
      <input value={draft[field]} onChange={set(field)} autoComplete={autoComplete} />
    </Field>
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // Release 3's taxId follows vatId and taxNumber on the server.
      const { taxId: _legacy, ...body } = draft;
      await save({ ...body, paymentTermsDays: Number(draft.paymentTermsDays) });
      toast.show(t('invoices.settings.saved'));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form invoice-settings" onSubmit={submit} noValidate>
      <Group legend={t('invoices.settings.groupSeller')}>
        {text('name', t('invoices.settings.name'), 'organization')}
        {text('street', t('invoices.settings.street'), 'street-address')}
        {text('postcode', t('invoices.settings.postcode'), 'postal-code')}
        {text('city', t('invoices.settings.city'), 'address-level2')}
        <Field label={t('invoices.settings.country')} hint={t('invoices.settings.countryHint')}>
          <input value={draft.country} onChange={set('country')} maxLength={2} autoComplete="country" />
        </Field>
      </Group>
      <Group legend={t('invoices.settings.groupContact')}>
        {text('contactName', t('invoices.settings.contactName'), 'name')}
        {text('email', t('invoices.settings.email'), 'email')}
        {text('phone', t('invoices.settings.phone'), 'tel')}
      </Group>
      <Group legend={t('invoices.settings.groupTax')}>
        {text('vatId', t('invoices.settings.vatId'))}
        {text('taxNumber', t('invoices.settings.taxNumber'))}
        <Field label={t('invoices.settings.smallBusiness')} layout="check">
          <input
            type="checkbox"
            checked={draft.smallBusiness}
            onChange={(e) => setDraft({ ...draft, smallBusiness: e.target.checked })}
          />
        </Field>
      </Group>
      <PaymentAndInvoiceGroups draft={draft} set={set} text={text} />
      <FormError>{error}</FormError>
      <SubmitRow label={t('common.save')} disabled={busy} />
    </form>
  );
}

type Setter = (field: keyof Draft) => (e: { target: { value: string } }) => void;

/** The bank and payment terms, and how invoices are numbered, worded and addressed. */
function PaymentAndInvoiceGroups({
  draft,
  set,
  text,
}: {
  draft: Draft;
  set: Setter;
  text: (field: TextKey, label: string) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group legend={t('invoices.settings.groupPayment')}>
        {text('iban', t('invoices.settings.iban'))}
        {text('bic', t('invoices.settings.bic'))}
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
      </Group>
      <Group legend={t('invoices.settings.groupInvoices')}>
        <Field label={t('invoices.settings.invoiceLanguage')}>
          <select value={draft.invoiceLanguage} onChange={set('invoiceLanguage')}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('invoices.settings.numberPrefix')} hint={t('invoices.settings.numberPrefixHint')}>
          <input value={draft.numberPrefix} onChange={set('numberPrefix')} />
        </Field>
        <Field label={t('invoices.settings.address')} hint={t('invoices.settings.addressHint')}>
          <textarea value={draft.address} onChange={set('address')} rows={3} />
        </Field>
      </Group>
    </>
  );
}
