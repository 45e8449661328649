import type { VatBasis } from '../../../../contract/enums';
import type { TaxReportQuery } from '../../../../contract/tax';
import { getInvoiceSettings, listInvoices } from '../../../data/billing/invoices';
import type { UserRecord } from '../../../data/identity/users';
import { listProjects } from '../../../data/tracking/projects';
import { queryTaxMonths } from '../../../data/tracking/tax-months';
import { type TaxFigures, taxFigures } from './figures';
import { invoiceTaxEvents } from './invoice-tax';
import { taxPeriodRange } from './period';

/**
 * `GET /api/taxreport` (CONTRACT §9 "The tax period"): the figures of a month, quarter or year.
 * Income, expenses, input VAT and the categories come from the tax month rollups (per project in
 * parallel, ≤ 12 items each, whatever the number of entries); output VAT from the invoices, read
 * as they are stored (a user's invoices are few: one Query), on the user's basis unless asked.
 */
export async function readTaxFigures(user: UserRecord, query: TaxReportQuery): Promise<TaxFigures> {
  const basis: VatBasis = query.basis ?? user.vatBasis ?? 'cash';
  const range = taxPeriodRange(query.year, query.period);
  const [invoices, settings, months] = await Promise.all([
    listInvoices(user._id),
    getInvoiceSettings(user._id),
    listProjects(user._id).then((projects) =>
      Promise.all(
        projects.map((p) => queryTaxMonths(user._id, p.projectId, range.firstMonth, range.lastMonth)),
      ),
    ),
  ]);
  // The seller's §19 UStG setting (a later release stores it; absent: not a small business).
  const smallBusiness = Boolean((settings as { smallBusiness?: boolean }).smallBusiness);
  return taxFigures(range, basis, invoiceTaxEvents(invoices, basis, smallBusiness), months.flat());
}
