import { blank, type SellerNeed, sellerMissing } from '@contract/sending-needs';
import { type FormEvent, useEffect, useState } from 'react';
import { useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/error-text';
import { useAskedMissing, useFocusMissing } from '@/lib/missing-fields';
import { type InvoiceSettings, useInvoiceSettings, useSaveInvoiceSettings } from '../api/invoices';

export type Draft = Omit<InvoiceSettings, 'paymentTermsDays'> & { paymentTermsDays: string };

/** The fields a refusal of the server can name, shown beside them (IBAN_INVALID, VAT_ID_INVALID, …). */
const FIELDS_WITH_ERRORS = new Set<string>([
  'name',
  'street',
  'postcode',
  'city',
  'country',
  'contactName',
  'email',
  'phone',
  'vatId',
  'taxNumber',
  'iban',
  'bic',
  'paymentTermsDays',
  'numberPrefix',
]);

/** A field's id on the page, the target of a link from an invoice (`#street`). */
export const sellerFieldId = (key: string) => key;

/**
 * The values sending still needs (`contract/sending-needs.ts`) that the draft leaves empty, and
 * those a link from an invoice named (`?missing=…`, e.g. the VAT ID that reverse charge needs).
 */
function neededOf(draft: Draft | null, asked: readonly string[]): SellerNeed[] {
  if (!draft) return [];
  const now = new Set<string>(sellerMissing(draft, false).map((m) => m.key));
  // In the form's order (the first marked one is focused): the shared list's keys, the VAT ID among the tax fields.
  const keys: SellerNeed[] = [
    'name',
    'street',
    'postcode',
    'city',
    'country',
    'email',
    'phone',
    'vatId',
    'iban',
  ];
  return keys.filter((k) => blank(draft[k]) && (now.has(k) || asked.includes(k)));
}

/**
 * The invoice details form's state: the draft of the stored settings, the fields sending needs,
 * errors beside their fields, and the save.
 */
export function useInvoiceSettingsForm() {
  const { t } = useTranslation();
  const { data } = useInvoiceSettings();
  const save = useSaveInvoiceSettings();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const asked = useAskedMissing();
  const needed = neededOf(draft, asked);
  useFocusMissing(draft !== null, asked, needed, sellerFieldId);

  useEffect(() => {
    if (data) setDraft({ ...data, paymentTermsDays: String(data.paymentTermsDays) });
  }, [data]);

  /** What is beside a field: the server's refusal, else why sending needs it. */
  const messageOf = (key: string): string | undefined => {
    if (fieldErrors[key]) return fieldErrors[key];
    if (!draft || !needed.includes(key as SellerNeed)) return undefined;
    if (key !== 'vatId') return t('sendingNeeds.needed');
    return blank(draft.taxNumber)
      ? t('sendingNeeds.neededVatIdOrTaxNumber')
      : t('sendingNeeds.neededReverseCharge');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      // Release 3's taxId follows vatId and taxNumber on the server.
      const { taxId: _legacy, ...body } = draft;
      await save({ ...body, paymentTermsDays: Number(draft.paymentTermsDays) });
      toast.show(t('invoices.settings.saved'));
    } catch (err) {
      const param = err instanceof ApiError ? err.errors[0]?.param : undefined;
      if (param && FIELDS_WITH_ERRORS.has(param)) setFieldErrors({ [param]: errorMessage(err) });
      else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const refused = (key: string) => Boolean(fieldErrors[key]);
  return { draft, setDraft, error, busy, submit, messageOf, refused };
}
