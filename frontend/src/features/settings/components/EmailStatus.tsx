import { useState } from 'react';
import { Button, FormError, useToast } from '@/components';
import { rich, useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/error-text';
import { resendConfirmation } from '../api/account';

interface EmailStatusProps {
  email: string;
  confirmed: boolean;
  /** A new address waiting for its confirmation link; `email` stays in force until then. */
  pending: string | null;
}

/**
 * The address and its confirmation state — or, while a change waits for its link, both addresses
 * and which one is in force — with a new confirmation link on request (to the pending address
 * when there is one).
 */
export function EmailStatus({ email, confirmed, pending }: EmailStatusProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onResend() {
    setFailure(undefined);
    setBusy(true);
    try {
      await resendConfirmation();
      toast.show(t('account.confirmationSent'));
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const status = pending
    ? t('emailChange.pending', { email, pending })
    : confirmed
      ? t('account.emailConfirmed', { email })
      : t('account.emailUnconfirmed', { email });
  return (
    <div>
      <p>{rich(status, { b: (text) => <strong>{text}</strong> })}</p>
      <FormError>{failure}</FormError>
      {confirmed && !pending ? null : (
        <div className="form-actions">
          <Button variant="secondary" onClick={onResend} disabled={busy}>
            {pending ? t('emailChange.resendPending', { pending }) : t('account.resend')}
          </Button>
        </div>
      )}
    </div>
  );
}
