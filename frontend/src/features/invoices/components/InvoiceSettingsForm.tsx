import type { ReactNode } from 'react';
import { Field, FormError, LanguageOptions, SubmitRow } from '@/components';
import { useTranslation } from '@/i18n';
import { type Draft, sellerFieldId, useInvoiceSettingsForm } from './use-invoice-settings-form';

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
 * invoices' language, grouped as an e-invoice carries them. Each value sending still needs is
 * marked beside its field; a refusal of the server (IBAN_INVALID, VAT_ID_INVALID) too.
 */
export function InvoiceSettingsForm() {
  const { t } = useTranslation();
  const { draft, setDraft, error, busy, submit, messageOf, refused } = useInvoiceSettingsForm();
  if (!draft) return null;

  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: e.target.value });
  const text = (field: TextKey, label: string, autoComplete?: string, hint?: string) => (
    <Field
      label={label}
      id={sellerFieldId(field)}
      hint={hint}
      error={messageOf(field)}
      announceError={refused(field)}
    >
      <input
        value={draft[field]}
        onChange={set(field)}
        autoComplete={autoComplete}
        maxLength={field === 'country' ? 2 : undefined}
      />
    </Field>
  );
  return (
    <form className="form invoice-settings" onSubmit={submit} noValidate>
      <Group legend={t('invoices.settings.groupSeller')}>
        {text('name', t('invoices.settings.name'), 'organization')}
        {text('street', t('invoices.settings.street'), 'street-address')}
        {text('postcode', t('invoices.settings.postcode'), 'postal-code')}
        {text('city', t('invoices.settings.city'), 'address-level2')}
        {text('country', t('invoices.settings.country'), 'country', t('invoices.settings.countryHint'))}
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
      <PaymentAndInvoiceGroups draft={draft} set={set} text={text} messageOf={messageOf} />
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
  messageOf,
}: {
  draft: Draft;
  set: Setter;
  text: (field: TextKey, label: string) => ReactNode;
  messageOf: (field: string) => string | undefined;
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
        <Field label={t('invoices.settings.paymentTermsDays')} error={messageOf('paymentTermsDays')}>
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
            <LanguageOptions />
          </select>
        </Field>
        <Field
          label={t('invoices.settings.numberPrefix')}
          hint={t('invoices.settings.numberPrefixHint')}
          error={messageOf('numberPrefix')}
        >
          <input value={draft.numberPrefix} onChange={set('numberPrefix')} />
        </Field>
        <Field label={t('invoices.settings.address')} hint={t('invoices.settings.addressHint')}>
          <textarea value={draft.address} onChange={set('address')} rows={3} />
        </Field>
      </Group>
    </>
  );
}
