import { type BuyerNeed, blank, buyerMissing } from '@contract/sending-needs';
import { type FormEvent, useState } from 'react';
import { Button, Field, FormError, LanguageOptions } from '@/components';
import { useTranslation } from '@/i18n';
import type { Client } from '@/lib/clients';
import { errorMessage } from '@/lib/error-text';
import { useAskedMissing, useFocusMissing } from '@/lib/missing-fields';

export interface ClientFields {
  name: string;
  email: string;
  address: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  /** Null: the language of the invoice settings. */
  language: 'de' | 'en' | null;
  vatId: string;
  buyerReference: string;
}

const empty: ClientFields = {
  name: '',
  email: '',
  address: '',
  street: '',
  postcode: '',
  city: '',
  country: 'DE',
  language: null,
  vatId: '',
  buyerReference: '',
};

/** The form's fields of a stored client (release 3's `taxId` follows `vatId` on the server). */
const fieldsOf = (c: Client): ClientFields => ({
  name: c.name,
  email: c.email,
  address: c.address,
  street: c.street,
  postcode: c.postcode,
  city: c.city,
  country: c.country,
  language: c.language,
  vatId: c.vatId,
  buyerReference: c.buyerReference,
});

/** A field's id in the edit form, the target of a link from an invoice (`#client-postcode`). */
const fieldId = (key: string) => `client-${key}`;
const NEEDS: BuyerNeed[] = ['name', 'postcode', 'city', 'country', 'vatId'];

/**
 * While a stored client is edited: the values sending needs (`contract/sending-needs.ts`) that are
 * empty, and those a link from an invoice named (`?missing=…`, e.g. the VAT ID of reverse charge),
 * each with its words beside the field; the linked field is focused on arriving.
 */
function useClientNeeds(fields: ClientFields, editing: boolean) {
  const { t } = useTranslation();
  const asked = useAskedMissing();
  const now = new Set<string>(buyerMissing(fields, false).map((m) => m.key));
  const needed = editing ? NEEDS.filter((k) => blank(fields[k]) && (now.has(k) || asked.includes(k))) : [];
  useFocusMissing(editing, editing ? asked : [], needed, fieldId);
  return {
    id: (key: string) => (editing ? fieldId(key) : undefined),
    messageOf: (key: string) =>
      needed.includes(key as BuyerNeed)
        ? t(key === 'vatId' ? 'sendingNeeds.neededReverseCharge' : 'sendingNeeds.needed')
        : undefined,
  };
}

/** The fields of a client, for adding one or editing it; the server decides what is valid. */
export function ClientForm({
  client,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  client?: Client;
  submitLabel: string;
  onSubmit: (fields: ClientFields) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<ClientFields>(client ? fieldsOf(client) : empty);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const needs = useClientNeeds(fields, client !== undefined);
  const set = (name: Exclude<keyof ClientFields, 'language'>) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));
  type TextName = 'street' | 'postcode' | 'city' | 'country' | 'vatId' | 'buyerReference';
  const text = (name: TextName, label: string, hint?: string) => (
    <Field label={label} hint={hint} id={needs.id(name)} error={needs.messageOf(name)}>
      <input value={fields[name]} onChange={set(name)} maxLength={name === 'country' ? 2 : undefined} />
    </Field>
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(fields);
      if (!client) setFields(empty);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form client-form" onSubmit={submit}>
      <Field label={t('clients.name')} id={needs.id('name')} error={needs.messageOf('name')}>
        <input value={fields.name} onChange={set('name')} required maxLength={200} />
      </Field>
      <Field label={t('clients.email')}>
        <input type="email" value={fields.email} onChange={set('email')} />
      </Field>
      {text('street', t('clients.street'))}
      {text('postcode', t('clients.postcode'))}
      {text('city', t('clients.city'))}
      {text('country', t('clients.country'), t('clients.countryHint'))}
      {text('vatId', t('clients.vatId'))}
      <InvoiceLanguageField
        value={fields.language}
        onChange={(language) => setFields((f) => ({ ...f, language }))}
      />
      {text('buyerReference', t('clients.buyerReference'), t('clients.buyerReferenceHint'))}
      <Field label={t('clients.address')} hint={t('clients.addressHint')}>
        <textarea value={fields.address} onChange={set('address')} rows={3} />
      </Field>
      <FormError>{error}</FormError>
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('clients.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The language of the client's invoices; empty: the seller's invoice language. */
function InvoiceLanguageField({
  value,
  onChange,
}: {
  value: ClientFields['language'];
  onChange: (language: ClientFields['language']) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('clients.language')}>
      <select
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : (e.target.value as 'de' | 'en'))}
      >
        <option value="">{t('clients.languageDefault')}</option>
        <LanguageOptions />
      </select>
    </Field>
  );
}
