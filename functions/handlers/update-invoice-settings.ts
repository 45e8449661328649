import * as invoices from '../../contract/endpoints/invoices';
import { saveInvoiceSettings } from '../domain/billing/invoices/settings';
import { route } from '../http';

/** PUT /api/invoicesettings — saves the given fields of the issuer; answers all of them. */
export const handler = route(invoices.updateInvoiceSettings, async ({ user, body }) =>
  saveInvoiceSettings(user, body),
);
