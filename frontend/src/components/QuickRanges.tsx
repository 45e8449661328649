import { useState } from 'react';
import { useTranslation } from '../i18n';
import type { DateRangeValue } from '../lib/date-range';
import { firstEntryDay } from '../lib/first-entry-day';
import { monthsAgo, toIsoDay } from '../lib/format';
import { Button } from './Button';

/** The quick ranges beside a from/to pair: this month, the last 3 months, this year, since the first entry. */
export function QuickRanges({
  projectId,
  onChange,
}: {
  /** Whose first entry "since the first entry" means: this project's, else any project's. */
  projectId?: string | undefined;
  onChange: (value: DateRangeValue) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const now = new Date();
  const to = toIsoDay(now);
  const fromDay = (d: Date) => () => onChange({ from: toIsoDay(d), to });
  const sinceFirst = async () => {
    setBusy(true);
    try {
      const first = await firstEntryDay(projectId, now);
      if (first) onChange({ from: first, to });
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="quick-ranges">
      <legend className="visually-hidden">{t('daily.quickRanges')}</legend>
      <Button variant="secondary" onClick={fromDay(new Date(now.getFullYear(), now.getMonth(), 1))}>
        {t('daily.thisMonth')}
      </Button>
      <Button variant="secondary" onClick={() => onChange({ from: monthsAgo(3, now), to })}>
        {t('daily.last3Months')}
      </Button>
      <Button variant="secondary" onClick={fromDay(new Date(now.getFullYear(), 0, 1))}>
        {t('daily.thisYear')}
      </Button>
      <Button variant="secondary" onClick={sinceFirst} disabled={busy}>
        {t('daily.sinceFirst')}
      </Button>
    </fieldset>
  );
}
