import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Field } from '@/components';
import { useTranslation } from '@/i18n';
import { client } from '@/lib/api-client';
import { revalidateAfter } from '@/lib/api-keys';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-text';
import { USER_KEY } from '@/lib/session-api';

/** The choices of the minimum entry length, in seconds (0: every entry is billed). */
const CHOICES = [0, 30, 60, 120, 300, 600] as const;

/**
 * The user setting `minimumEntrySeconds` (CONTRACT §9): entries shorter than it are left out of
 * new drafts, so a timer started by mistake for 15 seconds does not become a billed quarter hour.
 * Saved at once for every later draft; `onChange` lets the form drop a preview made before.
 */
export function MinimumEntryField({ onChange }: { onChange: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { mutate } = useSWRConfig();
  const [error, setError] = useState<string>();
  const current = user?.minimumEntrySeconds ?? 0;
  const save = async (minimumEntrySeconds: number) => {
    setError(undefined);
    try {
      const updated = await client.call('updateUserSettings', { body: { minimumEntrySeconds } });
      await mutate(USER_KEY, updated, { revalidate: false });
      await revalidateAfter(mutate, 'updateUserSettings', { fresh: ['getCurrentUser'] });
      onChange();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <Field label={t('invoices.minimumEntry')} hint={t('invoices.minimumEntryHint')} error={error}>
      <select value={current} onChange={(e) => void save(Number(e.target.value))}>
        {(CHOICES as readonly number[]).includes(current) ? null : (
          <option value={current}>{t('invoices.seconds', { count: current })}</option>
        )}
        {CHOICES.map((s) => (
          <option key={s} value={s}>
            {s === 0
              ? t('invoices.minimumNone')
              : s < 60
                ? t('invoices.seconds', { count: s })
                : t('reports.minutes', { count: s / 60 })}
          </option>
        ))}
      </select>
    </Field>
  );
}
