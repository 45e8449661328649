import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/Button';
import { useAuth } from '../../lib/auth';
import { useTitle } from '../../lib/use-title';
import { claimVoucherCode } from './api/claim-voucher-code';

export const INVALID_VOUCHER = 'Invalid voucher code';

/** `/subscribe`: voucher code, the 'Coming soon!' notice and free versus premium. */
export function SubscribePage() {
  useTitle('Upgrade to premium');
  const { user, refreshUser } = useAuth();
  const codeId = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim() || claimed) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const ok = await claimVoucherCode(code.trim());
      if (!ok) throw new Error(INVALID_VOUCHER);
      setClaimed(true);
      // Reload the user: the badge turns PREMIUM and the Upgrade link goes away.
      await refreshUser();
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      // The server words a bad code as 'Invalid voucher code'; other refusals (demo) keep theirs.
      setFailure(message && message !== 'Bad Request' ? message : INVALID_VOUCHER);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="subscribe">
      <h1>Upgrade to premium</h1>
      {user?.premium ? (
        <p className="form-success" role="status">
          You are a premium user. Thank you for your support!
        </p>
      ) : null}

      <section className="card settings-section" aria-labelledby="voucher-title">
        <h2 id="voucher-title">Redeem a voucher code</h2>
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Redeem a voucher code">
          <div className="field">
            <label htmlFor={codeId}>Voucher code</label>
            <input
              id={codeId}
              type="text"
              autoComplete="off"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={failure ? true : undefined}
              aria-describedby={failure ? `${codeId}-error` : undefined}
            />
            {failure ? (
              <p id={`${codeId}-error`} className="field-error" role="alert">
                {failure}
              </p>
            ) : null}
          </div>
          {claimed ? (
            <p className="form-success" role="status">
              Your voucher code has been redeemed. Welcome to premium!
            </p>
          ) : null}
          <div className="form-actions">
            <Button type="submit" disabled={busy || claimed || !code.trim()}>
              Redeem voucher
            </Button>
          </div>
        </form>
      </section>

      <section className="card settings-section" aria-labelledby="pay-title">
        <h2 id="pay-title">Pay for premium</h2>
        <p className="coming-soon">Coming soon!</p>
        <p>Premium will cost 2.99 EUR monthly or 29.99 EUR yearly.</p>
      </section>

      <section aria-labelledby="plans-title">
        <h2 id="plans-title">Free versus premium</h2>
        <div className="plans">
          <div className="card plan">
            <h3>Free</h3>
            <ul>
              <li>Up to 3 projects</li>
              <li>Up to 125 items (time entries, income and expenses together)</li>
              <li>Embedded charts show the “Powered by” text</li>
            </ul>
          </div>
          <div className="card plan plan-premium">
            <h3>Premium</h3>
            <ul>
              <li>Unlimited projects and items</li>
              <li>You can hide the “Powered by” text on embedded charts</li>
              <li>All upcoming features</li>
            </ul>
            <p>
              <strong>2.99 EUR</strong> monthly or <strong>29.99 EUR</strong> yearly
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}
