import { DEFAULT_CHART_KIND, type EmbedChartKind, type EmbedChartType, embedSnippet } from '@embed/snippet';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import type { User } from '@/lib/auth';
import { errorMessage } from '@/lib/error-text';
import type { Project } from '../api/get-projects';
import { useUpdateProject } from '../api/update-project';

/** How long "Copied" shows on the copy button. */
const COPIED_MS = 1500;

/**
 * The project's embedding: turning it on or off, the chart type and kind chosen for the snippet,
 * the snippet itself (the embed's own `embedSnippet`, so the app and the bundle agree) and copying it.
 */
export function useEmbedSettings(project: Project, user: User | null) {
  const { t } = useTranslation();
  const updateProject = useUpdateProject();
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

  async function setEnabled(enableEmbedding: boolean) {
    setBusy(true);
    setError(null);
    try {
      await updateProject(project._id, { enableEmbedding });
    } catch (err) {
      setError(err instanceof Error ? errorMessage(err) : t('projects.embedSaveFailed'));
    } finally {
      setBusy(false);
    }
  }

  /** A new chart type starts at the kind it is best drawn as. */
  function chooseType(type: EmbedChartType) {
    setChartType(type);
    setChartKind(DEFAULT_CHART_KIND[type]);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      // Clipboard refused (permissions): the text stays selectable in the field.
    }
  }

  return { busy, error, setEnabled, chartType, chooseType, chartKind, setChartKind, snippet, copied, copy };
}

export type EmbedSettingsState = ReturnType<typeof useEmbedSettings>;
