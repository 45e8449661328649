import { type FormEvent, useState } from 'react';
import { Button, Field, FormError } from '@/components';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import type { Client } from '@/lib/clients';

export interface ClientFields {
  name: string;
  email: string;
  address: string;
  taxId: string;
}

const empty: ClientFields = { name: '', email: '', address: '', taxId: '' };

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
  const [fields, setFields] = useState<ClientFields>(client ? { ...client } : empty);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (name: keyof ClientFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

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
      <Field label={t('clients.name')}>
        <input value={fields.name} onChange={set('name')} required maxLength={200} />
      </Field>
      <Field label={t('clients.email')}>
        <input type="email" value={fields.email} onChange={set('email')} />
      </Field>
      <Field label={t('clients.address')}>
        <textarea value={fields.address} onChange={set('address')} rows={3} />
      </Field>
      <Field label={t('clients.taxId')}>
        <input value={fields.taxId} onChange={set('taxId')} />
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
