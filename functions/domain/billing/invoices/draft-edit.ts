import type { InvoiceUpdate } from '../../../../contract/invoices';
import type { Invoice } from '../../../../contract/responses';
import { type DraftFields, updateDraftFields } from '../../../data/billing/invoice-draft-edits';
import type { InvoiceLineRecord, InvoiceRecord } from '../../../data/billing/invoices';
import type { UserRecord } from '../../../data/identity/users';
import { listProjects } from '../../../data/tracking/projects';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/errors';
import { invoiceTotals, mulDivHalfUp } from './math';
import { isSmallBusiness, toInvoice } from './view';

/**
 * `PUT /api/invoices/{id}` on a draft without a status (CONTRACT §9 "Drafts people can shape"):
 * its period, notes, tax rate, reverse charge, language and lines. New lines replace the lines; the
 * entries stay with the invoice, and the totals follow the lines. A sent invoice is final: 409.
 */

/** A line's amount: quantity × price, both in hundredths, half up to the cent. */
const amountOf = (quantityHundredths: number, priceCents: number) =>
  mulDivHalfUp(quantityHundredths, priceCents, 100);

/** The lines as the request gives them, each booked (when paid) on a project of the user's. */
async function shapedLines(
  user: UserRecord,
  draft: InvoiceRecord,
  lines: NonNullable<InvoiceUpdate['lines']>,
): Promise<InvoiceLineRecord[]> {
  const named = lines.map((l) => l.projectId).filter((id): id is string => id !== undefined);
  if (named.length > 0) {
    const own = new Set((await listProjects(user._id)).map((p) => p.projectId));
    if (named.some((id) => !own.has(id))) throw new NotFoundError('PROJECT_NOT_FOUND');
  }
  const fallback = draft.lines[0]?.projectId;
  return lines.map((l) => {
    const projectId = l.projectId ?? fallback;
    // A draft always has a line (it bills at least one entry), so its project is known.
    if (!projectId) throw new ValidationError('PROJECT_NOT_FOUND');
    return {
      projectId,
      description: l.description,
      hoursHundredths: l.quantity,
      rateCents: l.price,
      amountCents: amountOf(l.quantity, l.price),
      unit: l.unit,
      custom: true,
    };
  });
}

export async function editDraft(
  user: UserRecord,
  draft: InvoiceRecord,
  input: InvoiceUpdate,
): Promise<Invoice> {
  if (draft.status !== 'draft') throw new ConflictError('INVOICE_STATUS_CHANGE');
  const startdate = input.startdate ?? draft.startdate;
  const enddate = input.enddate ?? draft.enddate;
  if (startdate > enddate) throw new ValidationError('START_AFTER_END_DAY', { param: 'startdate' });
  const lines = input.lines ? await shapedLines(user, draft, input.lines) : draft.lines;
  const taxRateHundredths = input.taxRate ?? draft.taxRateHundredths;
  const reverseCharge = input.reverseCharge ?? draft.reverseCharge;
  const fields: DraftFields = {
    startdate,
    enddate,
    notes: input.notes ?? draft.notes,
    taxRateHundredths,
    reverseCharge,
    ...(input.language ? { language: input.language } : {}),
    lines,
    ...invoiceTotals(
      lines.map((l) => l.amountCents),
      taxRateHundredths,
      reverseCharge,
    ),
  };
  const written = await updateDraftFields(user._id, draft.invoiceId, fields);
  if (!written) throw new ConflictError('INVOICE_STATUS_CHANGE');
  return toInvoice(written, await isSmallBusiness(user._id));
}
