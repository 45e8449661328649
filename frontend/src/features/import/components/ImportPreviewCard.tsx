import { Button } from '@/components';
import { useTranslation } from '@/i18n';
import { formatDuration } from '@/lib/format';
import type { ImportPreview } from '../api/import-csv';
import type { Checked, ImportState } from '../hooks/use-import';
import { GridTable } from './GridTable';
import { IgnoredColumns } from './IgnoredColumns';

/** The second card: what the file holds, its first rows, the projects to create, and the import button. */
export function ImportPreviewCard({ state, checked }: { state: ImportState; checked: Checked }) {
  const { t } = useTranslation();
  const { preview } = checked;
  const { progress } = state;
  return (
    <section className="card" aria-labelledby="import-preview">
      <h2 id="import-preview">{t('importPage.preview')}</h2>
      <p>
        {preview.errors.length > 0
          ? t(preview.rows === 1 ? 'importPage.rowsRefusedOne' : 'importPage.rowsRefusedOther', {
              file: checked.fileName,
              count: preview.rows,
              refused: preview.errors.length,
            })
          : t(preview.rows === 1 ? 'importPage.rowsOne' : 'importPage.rowsOther', {
              file: checked.fileName,
              count: preview.rows,
            })}
      </p>
      {preview.preview.length > 0 ? <FirstRows rows={preview.preview} /> : null}
      <p>
        {preview.projectsToCreate.length > 0
          ? t('importPage.projectsToCreate', { projects: preview.projectsToCreate.join(', ') })
          : t('importPage.noNewProjects')}
      </p>
      <IgnoredColumns columns={preview.ignoredColumns} />
      {checked.parts.length > 1 ? (
        <p className="muted">{t('importPage.parts', { count: checked.parts.length })}</p>
      ) : null}
      <div className="form-actions">
        <Button onClick={state.runImport} disabled={state.importing || preview.rows === 0}>
          {t('importPage.import')}
        </Button>
      </div>
      {progress ? (
        <p>
          <label>
            {t('importPage.importing')}{' '}
            <progress value={progress.done} max={progress.total}>
              {t('importPage.progress', { done: progress.done, total: progress.total })}
            </progress>
          </label>
        </p>
      ) : null}
    </section>
  );
}

/** The file's first rows as the import reads them. */
function FirstRows({ rows }: { rows: ImportPreview['preview'] }) {
  const { t } = useTranslation();
  return (
    <GridTable
      caption={t('importPage.firstRows')}
      captionClassName="muted"
      columns={[
        t('importPage.line'),
        t('importPage.project'),
        t('importPage.date'),
        t(rows[0]?.kind === 'finance' ? 'importPage.amount' : 'importPage.duration'),
        t('importPage.task'),
        t('importPage.subTask'),
      ]}
    >
      {rows.map((r) => (
        <tr key={r.line}>
          <td>{r.line}</td>
          <td>{r.project}</td>
          <td>{r.day}</td>
          <td>
            {r.kind === 'finance'
              ? `${r.expense ? '−' : ''}${((r.amountCents ?? 0) / 100).toFixed(2)}`
              : formatDuration(r.duration ?? 0)}
          </td>
          <td>{r.task}</td>
          <td>{r.subTask}</td>
        </tr>
      ))}
    </GridTable>
  );
}
