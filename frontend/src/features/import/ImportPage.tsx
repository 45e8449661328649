import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Button, Field, FormError } from '@/components';
import { useTranslation } from '@/i18n';
import { apiErrorText, errorMessage } from '@/i18n/errors';
import { formatDuration } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useTitle } from '@/lib/use-title';
import {
  type ImportPreview,
  type ImportReport,
  type ImportSource,
  importPart,
  previewPart,
  type RefusedLine,
} from './api/import-csv';
import { importPartFully } from './lib/resend';
import { type FilePart, splitCsv } from './lib/split';

/** The tools a file can come from: the catalogue keys of each one's name and where its export is. */
export const TOOLS = [
  { source: 'toggl', name: 'importPage.tools.toggl', where: 'importPage.tools.togglWhere' },
  { source: 'clockify', name: 'importPage.tools.clockify', where: 'importPage.tools.clockifyWhere' },
  { source: 'harvest', name: 'importPage.tools.harvest', where: 'importPage.tools.harvestWhere' },
  { source: 'timeledger-time', name: 'importPage.tools.time', where: 'importPage.tools.timeWhere' },
  { source: 'timeledger-finance', name: 'importPage.tools.finance', where: 'importPage.tools.financeWhere' },
] as const satisfies readonly { source: ImportSource; name: string; where: string }[];

const PREVIEW_ROWS = 5;

interface Checked {
  fileName: string;
  parts: FilePart[];
  preview: ImportPreview;
}

/** The refused lines of a part, numbered as lines of the whole file. */
const shift = (errors: RefusedLine[], part: FilePart) =>
  errors.map((e) => ({ ...e, line: e.line + part.lineOffset }));

/**
 * `/import`: pick the tool and the file, see the first rows and the projects the import will
 * create, import with a progress bar, then the report: imported, skipped (already there), projects
 * created and every refused line with its reason. Big files are sent in parts (see `lib/split.ts`).
 */
export function ImportPage() {
  const { t } = useTranslation();
  useTitle(t('importPage.title'));
  const fileInput = useRef<HTMLInputElement>(null);
  const { mutate } = useSWRConfig();
  const [source, setSource] = useState<ImportSource>('toggl');
  const [checked, setChecked] = useState<Checked>();
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [report, setReport] = useState<ImportReport>();
  const [error, setError] = useState<string>();
  const tool = TOOLS.find((x) => x.source === source) ?? TOOLS[0];

  function reset() {
    setChecked(undefined);
    setReport(undefined);
    setError(undefined);
    setProgress(undefined);
  }

  async function check(file: File | undefined, from: ImportSource) {
    reset();
    if (!file) return;
    setChecking(true);
    try {
      const parts = splitCsv(await file.text());
      const preview: ImportPreview = { rows: 0, projectsToCreate: [], preview: [], errors: [] };
      for (const part of parts) {
        const p = await previewPart(from, part.text);
        preview.rows += p.rows;
        for (const name of p.projectsToCreate) {
          if (!preview.projectsToCreate.some((n) => n.toLowerCase() === name.toLowerCase())) {
            preview.projectsToCreate.push(name);
          }
        }
        if (preview.preview.length < PREVIEW_ROWS) {
          preview.preview.push(
            ...p.preview
              .slice(0, PREVIEW_ROWS - preview.preview.length)
              .map((r) => ({ ...r, line: r.line + part.lineOffset })),
          );
        }
        preview.errors.push(...shift(p.errors, part));
      }
      setChecked({ fileName: file.name, parts, preview });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setChecking(false);
    }
  }

  async function runImport() {
    if (!checked) return;
    setError(undefined);
    const total: ImportReport = { imported: 0, skipped: 0, projectsCreated: [], errors: [] };
    setProgress({ done: 0, total: checked.parts.length });
    try {
      for (const [i, part] of checked.parts.entries()) {
        const r = await importPartFully(() => importPart(source, part.text));
        total.imported += r.imported;
        total.skipped += r.skipped;
        total.projectsCreated.push(...r.projectsCreated);
        total.errors.push(...shift(r.errors, part));
        setProgress({ done: i + 1, total: checked.parts.length });
      }
      setReport(total);
    } catch (err) {
      // What was imported before the failure stays; importing the file again skips it.
      setReport(total);
      setError(t('importPage.stopped', { reason: errorMessage(err) }));
    } finally {
      // Projects, totals, lists and charts all changed.
      await mutate(() => true);
    }
  }

  const importing = progress !== undefined && report === undefined && !error;

  return (
    <div className="page import-page">
      <h1>{t('importPage.title')}</h1>
      <p className="muted">{t('importPage.intro')}</p>
      <section className="card" aria-labelledby="import-file">
        <h2 id="import-file">{t('importPage.file')}</h2>
        <div className="form">
          <Field label={t('importPage.tool')} hint={t(tool.where)}>
            <select
              value={source}
              disabled={checking || importing}
              onChange={(e) => {
                setSource(e.target.value as ImportSource);
                reset();
                if (fileInput.current) fileInput.current.value = '';
              }}
            >
              {TOOLS.map((x) => (
                <option key={x.source} value={x.source}>
                  {t(x.name)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('importPage.csvFile')}>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              disabled={checking || importing}
              onChange={(e) => check(e.target.files?.[0], source)}
            />
          </Field>
        </div>
        {checking ? <p role="status">{t('importPage.checking')}</p> : null}
        <FormError>{error}</FormError>
      </section>

      {checked && !report ? (
        <section className="card" aria-labelledby="import-preview">
          <h2 id="import-preview">{t('importPage.preview')}</h2>
          <p>
            {checked.preview.errors.length > 0
              ? t(checked.preview.rows === 1 ? 'importPage.rowsRefusedOne' : 'importPage.rowsRefusedOther', {
                  file: checked.fileName,
                  count: checked.preview.rows,
                  refused: checked.preview.errors.length,
                })
              : t(checked.preview.rows === 1 ? 'importPage.rowsOne' : 'importPage.rowsOther', {
                  file: checked.fileName,
                  count: checked.preview.rows,
                })}
          </p>
          {checked.preview.preview.length > 0 ? (
            <GridTable
              caption={t('importPage.firstRows')}
              captionClassName="muted"
              columns={[
                t('importPage.line'),
                t('importPage.project'),
                t('importPage.date'),
                t(
                  checked.preview.preview[0]?.kind === 'finance'
                    ? 'importPage.amount'
                    : 'importPage.duration',
                ),
                t('importPage.task'),
                t('importPage.subTask'),
              ]}
            >
              {checked.preview.preview.map((r) => (
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
          ) : null}
          <p>
            {checked.preview.projectsToCreate.length > 0
              ? t('importPage.projectsToCreate', { projects: checked.preview.projectsToCreate.join(', ') })
              : t('importPage.noNewProjects')}
          </p>
          {checked.parts.length > 1 ? (
            <p className="muted">{t('importPage.parts', { count: checked.parts.length })}</p>
          ) : null}
          <div className="form-actions">
            <Button onClick={runImport} disabled={importing || checked.preview.rows === 0}>
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
      ) : null}

      {report ? (
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
            <li>{t('importPage.refused', { count: report.errors.length })}</li>
          </ul>
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
      ) : null}
    </div>
  );
}

/** A table that scrolls sideways on a narrow screen: its caption, column headers and rows. */
function GridTable({
  caption,
  captionClassName,
  columns,
  children,
}: {
  caption: string;
  captionClassName?: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table className="grid-table">
        <caption className={captionClassName}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
