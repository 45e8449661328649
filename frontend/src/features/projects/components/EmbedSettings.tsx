import {
  DEFAULT_CHART_KIND,
  EMBED_CHART_KINDS,
  EMBED_CHART_TYPES,
  type EmbedChartKind,
  type EmbedChartType,
  embedSnippet,
} from '@embed/snippet';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Field, FormError } from '@/components';
import { rich, useTranslation } from '@/i18n';
import { chartKinds, chartTitles } from '@/i18n/chart-titles';
import { errorMessage } from '@/i18n/errors';
import type { User } from '@/lib/auth';
import { paths } from '@/lib/paths';
import type { Project } from '../api/get-projects';
import { useUpdateProject } from '../api/update-project';

/**
 * The project's enable-embedding toggle and, when embedding is on, the copy-ready snippet for a
 * chosen chart type and kind (helper C's `embedSnippet`, so the app and the bundle agree).
 */
export function EmbedSettings({ project, user }: { project: Project; user: User | null }) {
  const { t } = useTranslation();
  const updateProject = useUpdateProject();
  const toggleId = useId();
  const snippetId = useId();
  const [chartType, setChartType] = useState<EmbedChartType>('timetracked');
  const [chartKind, setChartKind] = useState<EmbedChartKind>(DEFAULT_CHART_KIND.timetracked);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const snippet = user
    ? embedSnippet({
        origin: window.location.origin,
        userId: user._id,
        projectId: project._id,
        chartType,
        chartKind,
      })
    : '';

  return (
    <section className="card embed-settings" aria-labelledby={`${toggleId}-h`}>
      <h2 id={`${toggleId}-h`}>{t('settings.embeddingTitle')}</h2>
      <div className="toggle-row">
        <input
          id={toggleId}
          type="checkbox"
          checked={project.enableEmbedding}
          disabled={busy}
          onChange={async (e) => {
            setBusy(true);
            setError(null);
            try {
              await updateProject(project._id, { enableEmbedding: e.target.checked });
            } catch (err) {
              setError(err instanceof Error ? errorMessage(err) : t('projects.embedSaveFailed'));
            } finally {
              setBusy(false);
            }
          }}
        />
        <label htmlFor={toggleId}>{t('projects.enableEmbedding')}</label>
      </div>
      <FormError>{error}</FormError>
      {project.enableEmbedding && user && !user.enableEmbedding ? (
        <p className="notice">
          {rich(t('projects.embeddingOff'), { settings: (text) => <Link to={paths.settings}>{text}</Link> })}
        </p>
      ) : null}
      {project.enableEmbedding ? (
        <div className="embed-snippet">
          <div className="field-row">
            <Field label={t('projects.embedChart')}>
              <select
                value={chartType}
                onChange={(e) => {
                  const type = e.target.value as EmbedChartType;
                  setChartType(type);
                  setChartKind(DEFAULT_CHART_KIND[type]);
                }}
              >
                {EMBED_CHART_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {chartTitles(t)[type]}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('projects.drawnAs')}>
              <select value={chartKind} onChange={(e) => setChartKind(e.target.value as EmbedChartKind)}>
                {EMBED_CHART_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {chartKinds(t)[k]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <label htmlFor={snippetId}>{t('projects.snippet')}</label>
          <textarea
            // Code, not words: no translation (the HTML attribute browsers' translators obey too).
            translate="no"
            id={snippetId}
            readOnly
            rows={3}
            value={snippet}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            className="btn btn-secondary"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(snippet);
                setCopied(true);
                setTimeout(() => setCopied(false), 1500);
              } catch {
                // Clipboard refused (permissions): the text stays selectable in the field.
              }
            }}
          >
            {copied ? t('projects.copied') : t('projects.copy')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
