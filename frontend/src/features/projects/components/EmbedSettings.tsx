import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DEFAULT_CHART_KIND,
  EMBED_CHART_KINDS,
  EMBED_CHART_TITLES,
  EMBED_CHART_TYPES,
  type EmbedChartKind,
  type EmbedChartType,
  embedSnippet,
} from '../../../../../embed/src/snippet';
import type { User } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import type { Project } from '../api/get-projects';
import { useUpdateProject } from '../api/update-project';

/**
 * The project's enable-embedding toggle and, when embedding is on, the copy-ready snippet for a
 * chosen chart type and kind (helper C's `embedSnippet`, so the app and the bundle agree).
 */
export function EmbedSettings({ project, user }: { project: Project; user: User | null }) {
  const updateProject = useUpdateProject();
  const toggleId = useId();
  const typeId = useId();
  const kindId = useId();
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
      <h2 id={`${toggleId}-h`}>Embedding</h2>
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
              setError(err instanceof Error ? err.message : 'The setting could not be saved.');
            } finally {
              setBusy(false);
            }
          }}
        />
        <label htmlFor={toggleId}>Enable embedding for this project</label>
      </div>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      {project.enableEmbedding && user && !user.enableEmbedding ? (
        <p className="notice">
          Embedding is turned off in your <Link to={paths.settings}>settings</Link>; turn it on there too so
          the chart shows on other sites.
        </p>
      ) : null}
      {project.enableEmbedding ? (
        <div className="embed-snippet">
          <div className="field-row">
            <div>
              <label htmlFor={typeId}>Chart</label>
              <select
                id={typeId}
                value={chartType}
                onChange={(e) => {
                  const type = e.target.value as EmbedChartType;
                  setChartType(type);
                  setChartKind(DEFAULT_CHART_KIND[type]);
                }}
              >
                {EMBED_CHART_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {EMBED_CHART_TITLES[t]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={kindId}>Drawn as</label>
              <select
                id={kindId}
                value={chartKind}
                onChange={(e) => setChartKind(e.target.value as EmbedChartKind)}
              >
                {EMBED_CHART_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {k}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <label htmlFor={snippetId}>Snippet to paste into your site</label>
          <textarea
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
            {copied ? 'Copied' : 'Copy snippet'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
