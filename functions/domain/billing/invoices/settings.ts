import type { InvoiceSettingsUpdate } from '../../../../contract/invoices';
import type { InvoiceSettings } from '../../../../contract/responses';
import { isVatIdForm, normaliseVatId } from '../../../../contract/tax-ids';
import {
  getInvoiceSettings,
  type InvoiceSettingsRecord,
  putInvoiceSettings,
} from '../../../data/billing/invoices';
import type { UserRecord } from '../../../data/identity/users';
import { toInvoiceSettings } from './view';

/** The issuer of the user's invoices: `GET` and `PUT /api/invoicesettings`. */

export async function readInvoiceSettings(user: UserRecord): Promise<InvoiceSettings> {
  return toInvoiceSettings(await getInvoiceSettings(user._id), user.language);
}

/**
 * Release 3's `taxId` and the two identifiers that replace it: a `taxId` given alone is the VAT ID
 * when it has that form, else the Steuernummer; a `vatId` or `taxNumber` given alone makes `taxId`
 * the VAT ID (else the Steuernummer), so release-3 readers still see one.
 */
function identifiers(current: InvoiceSettingsRecord, input: InvoiceSettingsUpdate) {
  const given = input.vatId !== undefined || input.taxNumber !== undefined;
  if (input.taxId !== undefined && !given) {
    const isVat = isVatIdForm(input.taxId);
    return {
      taxId: input.taxId,
      vatId: isVat ? normaliseVatId(input.taxId) : current.vatId,
      taxNumber: isVat ? current.taxNumber : input.taxId,
    };
  }
  const vatId = input.vatId ?? current.vatId;
  const taxNumber = input.taxNumber ?? current.taxNumber;
  if (!given) return {};
  return { vatId, taxNumber, taxId: input.taxId ?? (vatId || taxNumber) };
}

/** Saves the given fields; absent ones keep their value (the defaults until first saved). */
export async function saveInvoiceSettings(
  user: UserRecord,
  input: InvoiceSettingsUpdate,
): Promise<InvoiceSettings> {
  const current = await getInvoiceSettings(user._id);
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const next = { ...current, ...defined, ...identifiers(current, input) };
  await putInvoiceSettings(user._id, next);
  return toInvoiceSettings(next, user.language);
}
