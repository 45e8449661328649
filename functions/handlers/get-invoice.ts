import * as invoices from '../../contract/endpoints/invoices';
import { readInvoice } from '../domain/billing/invoices/status';
import { route } from '../http';

/** GET /api/invoices/{id} — one invoice; another user's: 404. */
export const handler = route(invoices.getInvoice, async ({ user, path }) => readInvoice(user, path.id));
