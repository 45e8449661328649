import * as invoices from '../../contract/endpoints/invoices';
import { deleteInvoice } from '../domain/billing/invoices/status';
import { respond, route } from '../http';

/** DELETE /api/invoices/{id} — a draft only (else 409), its entries freed: 204. */
export const handler = route(invoices.deleteInvoice, async ({ user, path }) => {
  await deleteInvoice(user, path.id);
  return respond(204, undefined);
});
