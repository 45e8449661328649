import * as invoices from '../../contract/endpoints/invoices';
import { readInvoiceSettings } from '../domain/billing/invoices/settings';
import { route } from '../http';

/** GET /api/invoicesettings — the issuer on the user's invoices (the defaults until saved). */
export const handler = route(invoices.getInvoiceSettings, async ({ user }) => readInvoiceSettings(user));
