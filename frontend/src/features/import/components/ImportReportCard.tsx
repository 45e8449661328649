import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { apiErrorText } from '@/lib/error-text';
import { paths } from '@/lib/paths';
import type { ImportReport } from '../api/import-csv';
import { GridTable } from './GridTable';
import { IgnoredColumns } from './IgnoredColumns';

/** The last card: imported, skipped, projects created, and every refused line with its reason. */
export function ImportReportCard({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="import-report" role="status">
      <h2 id="import-report">{t('importPage.report')}</h2>
      <ul>
        <li>
          {t(report.imported === 1 ? 'importPage.importedOne' : 'importPage.importedOther', {
            count: report.imported,
          })}
        </li>
        <li>{t('importPage.skipped', { count: report.skipped })}</li>
        <li>
          {report.projectsCreated.length > 0
            ? t('importPage.projectsCreated', { projects: report.projectsCreated.join(', ') })
            : t('importPage.projectsCreatedNone')}
        </li>
        {report.clientsCreated.length > 0 ? (
          <li>{t('billing.import.clientsCreated', { clients: report.clientsCreated.join(', ') })}</li>
        ) : null}
        <li>{t('importPage.refused', { count: report.errors.length })}</li>
      </ul>
      <IgnoredColumns columns={report.ignoredColumns} />
      {report.errors.length > 0 ? (
        <GridTable
          caption={t('importPage.refusedLines')}
          columns={[t('importPage.line'), t('importPage.reason')]}
        >
          {report.errors.map((e) => (
            <tr key={`${e.line}-${e.msg}`}>
              <td>{e.line}</td>
              <td>{apiErrorText(e)}</td>
            </tr>
          ))}
        </GridTable>
      ) : null}
      <p>
        <Link to={paths.projects}>{t('importPage.seeProjects')}</Link>
      </p>
    </section>
  );
}
