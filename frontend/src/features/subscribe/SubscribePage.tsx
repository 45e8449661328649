import { type FormEvent, useState } from 'react';
import { Field, SubmitRow } from '@/components';
import { rich, useTranslation } from '@/i18n';
import { type User, useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-text';
import { useTitle } from '@/lib/use-title';
import { claimVoucherCode } from './api/claim-voucher-code';

/** Redeeming a voucher code: the code typed, and whether it was claimed or refused. */
function useVoucher() {
  const { t } = useTranslation();
  const { refreshUser } = useAuth();
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
      if (!ok) throw new Error(t('subscribe.invalid'));
      setClaimed(true);
      // Reload the user: the badge turns PREMIUM and the Upgrade link goes away.
      await refreshUser();
    } catch (err) {
      const message = err instanceof Error ? errorMessage(err) : '';
      // The server words a bad code as 'Invalid voucher code'; other refusals (demo) keep theirs.
      setFailure(message && message !== 'Bad Request' ? message : t('subscribe.invalid'));
    } finally {
      setBusy(false);
    }
  }

  return { code, setCode, busy, claimed, failure, onSubmit };
}

/** `/subscribe`: voucher code, the 'Coming soon!' notice and free versus premium. */
export function SubscribePage() {
  const { t } = useTranslation();
  useTitle(t('upgrade.title'));
  const { user } = useAuth();
  const voucher = useVoucher();

  return (
    <div className="subscribe">
      <h1>{t('upgrade.title')}</h1>
      {user?.premium ? (
        <p className="form-success" role="status">
          {t('subscribe.isPremium')}
        </p>
      ) : null}

      <section className="card settings-section" aria-labelledby="voucher-title">
        <h2 id="voucher-title">{t('subscribe.redeemTitle')}</h2>
        <form className="form" onSubmit={voucher.onSubmit} noValidate aria-label={t('subscribe.redeemTitle')}>
          <Field label={t('subscribe.code')} error={voucher.failure} announceError>
            <input
              type="text"
              autoComplete="off"
              value={voucher.code}
              onChange={(e) => voucher.setCode(e.target.value)}
            />
          </Field>
          {voucher.claimed ? (
            <p className="form-success" role="status">
              {t('subscribe.redeemed')}
            </p>
          ) : null}
          <SubmitRow
            label={t('subscribe.redeem')}
            disabled={voucher.busy || voucher.claimed || !voucher.code.trim()}
          />
        </form>
      </section>

      <section className="card settings-section" aria-labelledby="pay-title">
        <h2 id="pay-title">{t('subscribe.payTitle')}</h2>
        <p className="coming-soon">{t('subscribe.comingSoon')}</p>
        <p>{t('subscribe.price')}</p>
      </section>

      <Plans user={user} />
    </div>
  );
}

/** Free versus premium, with the free plan's limits from the server. */
function Plans({ user }: { user: User | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="plans-title">
      <h2 id="plans-title">{t('subscribe.plans')}</h2>
      <div className="plans">
        <div className="card plan">
          <h3>{t('subscribe.free')}</h3>
          <ul>
            {user ? <li>{t('subscribe.freeProjects', { limit: user.limits.projects })}</li> : null}
            {user ? <li>{t('subscribe.freeItems', { limit: user.limits.items })}</li> : null}
            <li>{t('subscribe.freePoweredBy')}</li>
          </ul>
        </div>
        <div className="card plan plan-premium">
          <h3>{t('subscribe.premium')}</h3>
          <ul>
            <li>{t('subscribe.unlimited')}</li>
            <li>{t('subscribe.hidePoweredBy')}</li>
            <li>{t('subscribe.upcoming')}</li>
          </ul>
          <p>{rich(t('subscribe.priceShort'), { b: (text) => <strong>{text}</strong> })}</p>
        </div>
      </div>
    </section>
  );
}
