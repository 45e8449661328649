import { useState } from 'react';
import { useToast } from '@/components';
import { changeLanguage, getT, useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/error-text';
import { type UserSettings, useUpdateUserSettings } from '../api/update-user-settings';

/** What a settings section needs to save one or more user settings. */
export interface SaveSettings {
  /** Whether a change is on its way; the controls are disabled meanwhile. */
  saving: boolean;
  /** Why the last change was not kept; shown at the top of the page. */
  error?: string;
  change: (settings: UserSettings) => Promise<void>;
}

/** Saves user settings, confirms with a toast, and keeps the failure for the page to show. */
export function useSaveSettings(): SaveSettings {
  const { t } = useTranslation();
  const save = useUpdateUserSettings();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  async function change(settings: UserSettings) {
    setSaving(true);
    setError(undefined);
    try {
      await save(settings);
      // The confirmation speaks the language just chosen.
      if (settings.language) await changeLanguage(settings.language);
      toast.show(getT()('settings.saved'));
    } catch (err) {
      // Shown, not only logged: the person would otherwise believe the change was kept.
      setError(t('settings.saveFailed', { reason: errorMessage(err) }));
    } finally {
      setSaving(false);
    }
  }

  return { saving, error, change };
}
