import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useNearScreen } from '@/lib/use-near-screen';
import { useTaxReport } from '../api/get-tax-report';
import { quarterOf, type TaxChoice } from '../lib/periods';
import { BASIS_WORDS } from '../lib/words';

/**
 * The dashboard's tax card: the VAT this quarter's figures leave to pay (what to set aside; a
 * refund when negative) and the year's profit so far, on the user's basis, with a link to the
 * quarter on `/tax`. Its two reports are asked for only once the card comes onto the screen.
 */
export function TaxCard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const card = useRef<HTMLElement>(null);
  const near = useNearScreen(card, '200px');
  const today = new Date();
  const basis = user?.vatBasis ?? 'cash';
  const quarter: TaxChoice = { year: today.getFullYear(), period: quarterOf(today), basis };
  const year: TaxChoice = { ...quarter, period: 'year' };
  const q = useTaxReport(near && user ? quarter : null);
  const y = useTaxReport(near && user ? year : null);
  const failed = Boolean(q.error || y.error);
  const money = (amount: number) => formatMoney(amount, user);

  return (
    <section ref={card} className="card tax-card" aria-labelledby="tax-card-title" aria-busy={q.isLoading}>
      <h2 id="tax-card-title">{t('tax.card.title')}</h2>
      <p className="muted">
        {t('tax.card.period', {
          quarter: quarter.period.slice(1),
          year: quarter.year,
          basis: t(BASIS_WORDS[basis]),
        })}
      </p>
      {failed ? (
        <p className="muted">{t('tax.card.failed')}</p>
      ) : (
        // The same two figures while loading (a dash each), so the cards below never move.
        <dl className="tax-card-figures">
          <div>
            <dt>{q.data && q.data.vatDue < 0 ? t('tax.card.refund') : t('tax.card.setAside')}</dt>
            <dd className="tax-card-amount">{q.data ? money(Math.abs(q.data.vatDue)) : '–'}</dd>
          </div>
          <div>
            <dt>{t('tax.card.profit', { year: year.year })}</dt>
            <dd className="tax-card-amount">{y.data ? money(y.data.profit) : '–'}</dd>
          </div>
        </dl>
      )}
      <Link to={`${paths.tax}?year=${quarter.year}&period=${quarter.period}`}>{t('tax.card.open')}</Link>
    </section>
  );
}
