import type { InvoiceSettingsUpdate } from '../../../../contract/invoices';
import type { InvoiceSettings } from '../../../../contract/responses';
import { getInvoiceSettings, putInvoiceSettings } from '../../../data/billing/invoices';
import type { UserRecord } from '../../../data/identity/users';
import { toInvoiceSettings } from './view';

/** The issuer of the user's invoices: `GET` and `PUT /api/invoicesettings`. */

export async function readInvoiceSettings(user: UserRecord): Promise<InvoiceSettings> {
  return toInvoiceSettings(await getInvoiceSettings(user._id));
}

/** Saves the given fields; absent ones keep their value (the defaults until first saved). */
export async function saveInvoiceSettings(
  user: UserRecord,
  input: InvoiceSettingsUpdate,
): Promise<InvoiceSettings> {
  const current = await getInvoiceSettings(user._id);
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const next = { ...current, ...defined };
  await putInvoiceSettings(user._id, next);
  return toInvoiceSettings(next);
}
