import * as invoices from '../../contract/endpoints/invoices';
import { createInvoiceDraft } from '../domain/billing/invoices/drafts';
import { respond, route } from '../http';

/**
 * POST /api/invoices `{clientId, startdate, enddate, taxRate?, reverseCharge?, notes?}` — 201 the
 * draft; `?dryrun=true`: 200 the same invoice, nothing stored. 400 `NOTHING_TO_INVOICE`; another
 * user's client: 404.
 */
export const handler = route(invoices.createInvoice, async ({ user, body, query }) => {
  const dryRun = query.dryrun === 'true';
  return respond(dryRun ? 200 : 201, await createInvoiceDraft(user, body, { dryRun }));
});
