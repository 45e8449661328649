import { useTranslation } from '@/i18n';
import { formatTime } from '@/lib/format';

/**
 * Says that an email to the account was held back by the hourly mail cap (issue 35, item 1) and
 * from when mail goes out again; shown above every signed-in screen while `mailHeldUntil` lasts.
 */
export function MailHeldNotice({ until }: { until: string | null }) {
  const { t } = useTranslation();
  if (!until || Date.parse(until) <= Date.now()) return null;
  return (
    <p className="placeholder-note mail-held" role="status">
      {t('shell.mailHeld', { time: formatTime(until) })}
    </p>
  );
}
