import { valueFormat } from '@embed/format';
import { useMemo } from 'react';
import { useAuth } from '@/lib/auth';

/** Without a user's own choice, as the rest of the app: en-US numbers, euros. */
const DEFAULT_LOCALE = 'en-US';
const DEFAULT_CURRENCY = 'EUR';

/**
 * Chart values in the user's number format and currency, by the same formatter the embed uses
 * (`embed/src/format.ts`), so a chart reads alike in the app and on a site that embeds it: hours as
 * `1,234:30 h`, money with two decimals, profit/loss per hour with `/h`.
 */
export function useChartFormats() {
  const { user } = useAuth();
  return useMemo(() => {
    const locale = user?.numberFormat ?? DEFAULT_LOCALE;
    const currency = user?.currency ?? DEFAULT_CURRENCY;
    return {
      hours: valueFormat('timetracked', locale),
      money: valueFormat('profitloss', locale, currency),
      moneyPerHour: valueFormat('profitlossperhour', locale, currency),
      user,
    };
  }, [user]);
}
