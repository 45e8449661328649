import { useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useTranslation } from '@/i18n';
import { revalidateAfter } from '@/lib/api-keys';
import { errorMessage } from '@/lib/error-text';
import {
  type ImportPreview,
  type ImportReport,
  type ImportSource,
  importPart,
  previewPart,
} from '../api/import-csv';
import { addPreview, addReport, emptyPreview, emptyReport } from '../lib/merge';
import { importPartFully } from '../lib/resend';
import { type FilePart, splitCsv } from '../lib/split';

/** A file read and dry-run: its parts and what importing them would do. */
export interface Checked {
  fileName: string;
  parts: FilePart[];
  preview: ImportPreview;
}

/**
 * The import's state: the tool chosen, the checked file, the progress and the report. A file is
 * checked (a dry run of every part) as soon as it is picked; importing sends the parts in order.
 */
export function useImport() {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<ImportSource>('toggl');
  const [checked, setChecked] = useState<Checked>();
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [report, setReport] = useState<ImportReport>();
  const [error, setError] = useState<string>();

  function reset() {
    setChecked(undefined);
    setReport(undefined);
    setError(undefined);
    setProgress(undefined);
  }

  function chooseSource(next: ImportSource) {
    setSource(next);
    reset();
    if (fileInput.current) fileInput.current.value = '';
  }

  async function check(file: File | undefined) {
    reset();
    if (!file) return;
    setChecking(true);
    try {
      const parts = splitCsv(await file.text());
      const preview = emptyPreview();
      for (const part of parts) addPreview(preview, await previewPart(source, part.text), part);
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
    const total = emptyReport();
    setProgress({ done: 0, total: checked.parts.length });
    try {
      for (const [i, part] of checked.parts.entries()) {
        addReport(total, await importPartFully(() => importPart(source, part.text)), part);
        setProgress({ done: i + 1, total: checked.parts.length });
      }
      setReport(total);
    } catch (err) {
      // What was imported before the failure stays; importing the file again skips it.
      setReport(total);
      setError(t('importPage.stopped', { reason: errorMessage(err) }));
    } finally {
      // Projects, totals, lists and charts: what the endpoint makes stale.
      await revalidateAfter(mutate, 'importActivities');
    }
  }

  const importing = progress !== undefined && report === undefined && !error;
  return {
    fileInput,
    source,
    chooseSource,
    check,
    checked,
    checking,
    progress,
    report,
    error,
    importing,
    runImport,
  };
}

export type ImportState = ReturnType<typeof useImport>;
