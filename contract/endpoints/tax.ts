import { endpoint } from '../endpoint';
import { taxReport, taxReportQuerySchema } from '../tax';

/** The tax period (CONTRACT §9 "The tax period"). */

export const getTaxReport = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/taxreport',
  summary:
    'A month, quarter or year for the VAT return and the profit statement: output VAT by rate, reverse-charge and exempt net, input VAT, VAT due, income, expenses by category, profit (`format=csv`: the same as CSV)',
  auth: true,
  tokenScope: 'read',
  query: taxReportQuerySchema,
  answers: { 200: taxReport },
  csvFormat: true,
});
