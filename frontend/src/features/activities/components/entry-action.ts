import { useState } from 'react';
import { type UpgradePromptProps, upgradeMessageFor } from '@/components';
import { errorMessage } from '@/lib/error-text';

/**
 * One save or timer action at a time. `busy` while it runs; a refusal for a free limit opens the
 * upgrade prompt (`<UpgradePrompt {...upgrade} />`); any other failure becomes `error`, in the words
 * `failed` gives it — with the failure's own reason when it has one, else without.
 */
export function useEntryAction(failed: (reason: string | null) => string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [upgradeMessage, setUpgradeMessage] = useState<string | null>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      const message = upgradeMessageFor(err);
      if (message) setUpgradeMessage(message);
      else setError(failed(err instanceof Error && err.message ? errorMessage(err) : null));
    } finally {
      setBusy(false);
    }
  };

  const upgrade: UpgradePromptProps = {
    open: upgradeMessage !== null,
    onClose: () => setUpgradeMessage(null),
    message: upgradeMessage ?? '',
  };
  return { busy, error, setError, run, upgrade };
}

export type EntryAction = ReturnType<typeof useEntryAction>;
