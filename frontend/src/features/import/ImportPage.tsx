import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Button } from '../../components/Button';
import { formatDuration } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useTitle } from '../../lib/use-title';
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

interface Tool {
  source: ImportSource;
  name: string;
  /** Where the person finds the export in that tool. */
  where: string;
}

export const TOOLS: Tool[] = [
  {
    source: 'toggl',
    name: 'Toggl Track',
    where: 'In Toggl Track open Reports → Detailed, choose the dates, then Export → Download CSV.',
  },
  {
    source: 'clockify',
    name: 'Clockify',
    where: 'In Clockify open Reports → Detailed, choose the dates, then Export → Save as CSV.',
  },
  {
    source: 'harvest',
    name: 'Harvest',
    where: 'In Harvest open Reports → Detailed time, choose the time frame, then Export → Export to CSV.',
  },
  {
    source: 'timeledger-time',
    name: 'Timeledger time entries (CSV)',
    where: 'A file from Settings → Your data → Export time entries (CSV).',
  },
  {
    source: 'timeledger-finance',
    name: 'Timeledger income and expenses (CSV)',
    where: 'A file from Settings → Your data → Export income and expenses (CSV).',
  },
];

const PREVIEW_ROWS = 5;

interface Checked {
  fileName: string;
  parts: FilePart[];
  preview: ImportPreview;
}

/** The refused lines of a part, numbered as lines of the whole file. */
const shift = (errors: RefusedLine[], part: FilePart) =>
  errors.map((e) => ({ line: e.line + part.lineOffset, msg: e.msg }));

/**
 * `/import`: pick the tool and the file, see the first rows and the projects the import will
 * create, import with a progress bar, then the report: imported, skipped (already there), projects
 * created and every refused line with its reason. Big files are sent in parts (see `lib/split.ts`).
 */
export function ImportPage() {
  useTitle('Import');
  const ids = { tool: useId(), file: useId(), where: useId() };
  const { mutate } = useSWRConfig();
  const [source, setSource] = useState<ImportSource>('toggl');
  const [checked, setChecked] = useState<Checked>();
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [report, setReport] = useState<ImportReport>();
  const [error, setError] = useState<string>();
  const tool = TOOLS.find((t) => t.source === source) ?? TOOLS[0];

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
      setError(err instanceof Error ? err.message : String(err));
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
      setError(
        `The import stopped: ${err instanceof Error ? err.message : String(err)}. Import the file again to add the rest; rows already imported are skipped.`,
      );
    } finally {
      // Projects, totals, lists and charts all changed.
      await mutate(() => true);
    }
  }

  const importing = progress !== undefined && report === undefined && !error;

  return (
    <div className="page import-page">
      <h1>Import</h1>
      <p className="muted">
        Bring your entries from another tracker or from a Timeledger CSV export. Projects are matched by name
        and created when missing; importing the same file again adds nothing twice.
      </p>
      <section className="card" aria-labelledby="import-file">
        <h2 id="import-file">File</h2>
        <div className="form">
          <div className="field">
            <label htmlFor={ids.tool}>Tool</label>
            <select
              id={ids.tool}
              value={source}
              aria-describedby={ids.where}
              disabled={checking || importing}
              onChange={(e) => {
                setSource(e.target.value as ImportSource);
                reset();
                const input = document.getElementById(ids.file) as HTMLInputElement | null;
                if (input) input.value = '';
              }}
            >
              {TOOLS.map((t) => (
                <option key={t.source} value={t.source}>
                  {t.name}
                </option>
              ))}
            </select>
            <p id={ids.where} className="muted">
              {tool?.where}
            </p>
          </div>
          <div className="field">
            <label htmlFor={ids.file}>CSV file</label>
            <input
              id={ids.file}
              type="file"
              accept=".csv,text/csv"
              disabled={checking || importing}
              onChange={(e) => check(e.target.files?.[0], source)}
            />
          </div>
        </div>
        {checking ? <p role="status">Checking the file…</p> : null}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </section>

      {checked && !report ? (
        <section className="card" aria-labelledby="import-preview">
          <h2 id="import-preview">Preview</h2>
          <p>
            {checked.fileName}: {checked.preview.rows} {checked.preview.rows === 1 ? 'row' : 'rows'} to import
            {checked.preview.errors.length > 0
              ? `, ${checked.preview.errors.length} that cannot be imported`
              : ''}
            .
          </p>
          {checked.preview.preview.length > 0 ? (
            <div className="table-scroll">
              <table className="grid-table">
                <caption className="muted">The first rows</caption>
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Project</th>
                    <th scope="col">Date</th>
                    <th scope="col">
                      {checked.preview.preview[0]?.kind === 'finance' ? 'Amount' : 'Duration'}
                    </th>
                    <th scope="col">Task</th>
                    <th scope="col">Sub-task</th>
                  </tr>
                </thead>
                <tbody>
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
                </tbody>
              </table>
            </div>
          ) : null}
          <p>
            {checked.preview.projectsToCreate.length > 0
              ? `Projects that will be created: ${checked.preview.projectsToCreate.join(', ')}`
              : 'No new projects: every row goes into a project you have.'}
          </p>
          {checked.parts.length > 1 ? (
            <p className="muted">The file is large; it will be sent in {checked.parts.length} parts.</p>
          ) : null}
          <div className="form-actions">
            <Button onClick={runImport} disabled={importing || checked.preview.rows === 0}>
              Import
            </Button>
          </div>
          {progress ? (
            <p>
              <label>
                Importing…{' '}
                <progress value={progress.done} max={progress.total}>
                  {progress.done} of {progress.total}
                </progress>
              </label>
            </p>
          ) : null}
        </section>
      ) : null}

      {report ? (
        <section className="card" aria-labelledby="import-report" role="status">
          <h2 id="import-report">Report</h2>
          <ul>
            <li>
              Imported: {report.imported} {report.imported === 1 ? 'entry' : 'entries'}
            </li>
            <li>Skipped (already imported): {report.skipped}</li>
            <li>
              Projects created:{' '}
              {report.projectsCreated.length > 0 ? report.projectsCreated.join(', ') : 'none'}
            </li>
            <li>Refused: {report.errors.length}</li>
          </ul>
          {report.errors.length > 0 ? (
            <div className="table-scroll">
              <table className="grid-table">
                <caption>Refused lines</caption>
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {report.errors.map((e) => (
                    <tr key={`${e.line}-${e.msg}`}>
                      <td>{e.line}</td>
                      <td>{e.msg}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <p>
            <Link to={paths.projects}>See your projects</Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}
