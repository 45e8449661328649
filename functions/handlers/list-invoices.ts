import * as invoices from '../../contract/endpoints/invoices';
import { listUserInvoices } from '../domain/billing/invoices/status';
import { route } from '../http';

/** GET /api/invoices — the user's invoices, newest first. */
export const handler = route(invoices.listInvoices, async ({ user }) => listUserInvoices(user));
