import * as tax from '../../contract/endpoints/tax';
import { taxReportCsv, toTaxReport } from '../domain/billing/tax/figures';
import { readTaxFigures } from '../domain/billing/tax/report';
import { respondText, route } from '../http';

/**
 * GET /api/taxreport?year&period=m1..m12|q1..q4|year[&basis=cash|accrual][&format=csv] — output VAT
 * by rate, reverse-charge and exempt net, input VAT, VAT due, income, expenses by category and
 * profit of the period; `format=csv`: the same as a CSV download.
 */
export const handler = route(tax.getTaxReport, async ({ user, query }) => {
  const figures = await readTaxFigures(user, query);
  if (query.format !== 'csv') return toTaxReport(figures);
  return respondText(200, taxReportCsv(figures), {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="tax-${query.year}-${query.period}-${figures.basis}.csv"`,
  });
});
