import {
  EMBED_CHART_KINDS,
  EMBED_CHART_TYPES,
  type EmbedChartKind,
  type EmbedChartType,
} from '@embed/snippet';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Field, FormError, ValueOptions } from '@/components';
import { rich, useTranslation } from '@/i18n';
import { chartKinds, chartTitles } from '@/i18n/chart-titles';
import type { User } from '@/lib/auth';
import { paths } from '@/lib/paths';
import type { Project } from '../api/get-projects';
import { type EmbedSettingsState, useEmbedSettings } from '../hooks/use-embed-settings';

/**
 * The project's enable-embedding toggle and, when embedding is on, the copy-ready snippet for a
 * chosen chart type and kind.
 */
export function EmbedSettings({ project, user }: { project: Project; user: User | null }) {
  const { t } = useTranslation();
  const embed = useEmbedSettings(project, user);
  const toggleId = useId();

  return (
    <section className="card embed-settings" aria-labelledby={`${toggleId}-h`}>
      <h2 id={`${toggleId}-h`}>{t('settings.embeddingTitle')}</h2>
      <div className="toggle-row">
        <input
          id={toggleId}
          type="checkbox"
          checked={project.enableEmbedding}
          disabled={embed.busy}
          onChange={(e) => embed.setEnabled(e.target.checked)}
        />
        <label htmlFor={toggleId}>{t('projects.enableEmbedding')}</label>
      </div>
      <FormError>{embed.error}</FormError>
      {project.enableEmbedding && user && !user.enableEmbedding ? (
        <p className="notice">
          {rich(t('projects.embeddingOff'), { settings: (text) => <Link to={paths.settings}>{text}</Link> })}
        </p>
      ) : null}
      {project.enableEmbedding ? <EmbedSnippet embed={embed} /> : null}
    </section>
  );
}

/** The chart type and kind to embed, the snippet for them, and its copy button. */
function EmbedSnippet({ embed }: { embed: EmbedSettingsState }) {
  const { t } = useTranslation();
  const snippetId = useId();
  return (
    <div className="embed-snippet">
      <div className="field-row">
        <Field label={t('projects.embedChart')}>
          <select
            value={embed.chartType}
            onChange={(e) => embed.chooseType(e.target.value as EmbedChartType)}
          >
            {EMBED_CHART_TYPES.map((type) => (
              <option key={type} value={type}>
                {chartTitles(t)[type]}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('projects.drawnAs')}>
          <select
            value={embed.chartKind}
            onChange={(e) => embed.setChartKind(e.target.value as EmbedChartKind)}
          >
            <ValueOptions values={EMBED_CHART_KINDS} name={(k) => chartKinds(t)[k]} />
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
        value={embed.snippet}
        onFocus={(e) => e.currentTarget.select()}
      />
      <button type="button" className="btn btn-secondary" onClick={embed.copy}>
        {embed.copied ? t('projects.copied') : t('projects.copy')}
      </button>
    </div>
  );
}
