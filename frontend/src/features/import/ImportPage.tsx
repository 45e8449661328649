import { useTranslation } from '@/i18n';
import { useTitle } from '@/lib/use-title';
import { ImportFileCard } from './components/ImportFileCard';
import { ImportPreviewCard } from './components/ImportPreviewCard';
import { ImportReportCard } from './components/ImportReportCard';
import { useImport } from './hooks/use-import';

/**
 * `/import`: pick the tool and the file, see the first rows and the projects the import will
 * create, import with a progress bar, then the report: imported, skipped (already there), projects
 * created and every refused line with its reason. Big files are sent in parts (see `lib/split.ts`).
 */
export function ImportPage() {
  const { t } = useTranslation();
  useTitle(t('importPage.title'));
  const state = useImport();
  return (
    <div className="page import-page">
      <h1>{t('importPage.title')}</h1>
      <p className="muted">{t('importPage.intro')}</p>
      <ImportFileCard state={state} />
      {state.checked && !state.report ? <ImportPreviewCard state={state} checked={state.checked} /> : null}
      {state.report ? <ImportReportCard report={state.report} /> : null}
    </div>
  );
}
