import { Field, FormError } from '@/components';
import { useTranslation } from '@/i18n';
import type { ImportSource } from '../api/import-csv';
import type { ImportState } from '../hooks/use-import';
import { TOOLS } from '../lib/tools';

/** The first card: which tool the file comes from, and the file. */
export function ImportFileCard({ state }: { state: ImportState }) {
  const { t } = useTranslation();
  const tool = TOOLS.find((x) => x.source === state.source) ?? TOOLS[0];
  const busy = state.checking || state.importing;
  return (
    <section className="card" aria-labelledby="import-file">
      <h2 id="import-file">{t('importPage.file')}</h2>
      <div className="form">
        <Field label={t('importPage.tool')} hint={t(tool.where)}>
          <select
            value={state.source}
            disabled={busy}
            onChange={(e) => state.chooseSource(e.target.value as ImportSource)}
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
            ref={state.fileInput}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(e) => state.check(e.target.files?.[0])}
          />
        </Field>
      </div>
      {state.checking ? <p role="status">{t('importPage.checking')}</p> : null}
      <FormError>{state.error}</FormError>
    </section>
  );
}
