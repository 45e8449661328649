import { expenseCategoryName } from '@/components';
import { useTranslation } from '@/i18n';
import type { User } from '@/lib/auth';
import { formatMoney } from '@/lib/format';
import type { TaxReport } from '../api/get-tax-report';

/**
 * The profit statement's figures (Einnahmenüberschussrechnung): income, expenses with each
 * category's share, and profit — net amounts of every project's entries dated in the period, the
 * same on both bases.
 */
export function ProfitFigures({ report, user }: { report: TaxReport; user: User | null }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoney(amount, user);
  return (
    <div className="table-scroll">
      <table className="report-table tax-table">
        <caption>{t('tax.profitCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('tax.figure')}</th>
            <th scope="col">{t('tax.net')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('tax.income')}</th>
            <td>{money(report.income)}</td>
          </tr>
          <tr>
            <th scope="row">{t('tax.expenses')}</th>
            <td>{money(report.expenses)}</td>
          </tr>
          {report.expensesByCategory.map((c) => (
            <tr key={c.category} className="tax-category">
              <th scope="row">{expenseCategoryName(t, c.category)}</th>
              <td>{money(c.net)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('tax.profit')}</th>
            <td>{money(report.profit)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
