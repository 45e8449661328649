import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n';
import { formatDate, isoOfDay } from '@/lib/format';
import { useTitle } from '@/lib/use-title';

const changes = (t: TFunction): { day: string; items: string[] }[] => [
  {
    day: '2026-11-22',
    items: [t('changelog.newApp'), t('changelog.themes'), t('changelog.export'), t('changelog.vouchers')],
  },
  { day: '2026-09-01', items: [t('changelog.embed'), t('changelog.perHour')] },
  { day: '2026-06-15', items: [t('changelog.finance'), t('changelog.suggestions')] },
  { day: '2026-03-01', items: [t('changelog.first')] },
];

/** `/changelog`: dated list of past changes, newest first. */
export function ChangelogPage() {
  const { t } = useTranslation();
  useTitle(t('shell.changelog'));
  return (
    <section aria-labelledby="changelog-title">
      <h1 id="changelog-title">{t('shell.changelog')}</h1>
      <dl className="changelog">
        {changes(t).map((change) => (
          <div key={change.day}>
            <dt>
              <time dateTime={change.day}>{formatDate(isoOfDay(change.day))}</time>
            </dt>
            <dd>
              <ul>
                {change.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
