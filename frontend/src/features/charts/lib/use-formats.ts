import { useMemo } from 'react';
import { useAuth } from '@/lib/auth';
import { formatDuration, formatMoney } from '@/lib/format';

const HOUR = 3_600_000;

/** Value formatters in the user's formats: chart hours (decimal) as hh:mm, money in their currency. */
export function useChartFormats() {
  const { user } = useAuth();
  return useMemo(
    () => ({
      hours: (h: number) => formatDuration(Math.round(h * HOUR)),
      money: (m: number) => formatMoney(m, user),
      user,
    }),
    [user],
  );
}
