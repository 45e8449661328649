import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';

/**
 * An action that ends the account's sessions on the server (logging out everywhere, deleting the
 * account), run after a confirmation. On success the goodbye page (/loggedout) clears the
 * browser; clearing here first would let the signed-in gate bounce to the start page and remember
 * /settings for the next login. On failure the session stays and `failure` says why.
 */
export function useLeaveAccount(action: () => Promise<unknown>, failureMessage: () => string) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function confirm() {
    setBusy(true);
    setFailure(undefined);
    try {
      await action();
      setOpen(false);
      navigate(paths.loggedOut, { replace: true });
    } catch {
      setOpen(false);
      setFailure(failureMessage());
    } finally {
      setBusy(false);
    }
  }

  return { open, setOpen, busy, failure, confirm };
}
