import type { Language } from '../../../contract/enums';
import type { UserRecord } from '../../data/identity/users';
import type { ProjectRecord } from '../../data/tracking/projects';
import { config } from '../../lib/config';
import { type EmailMessage, emailLanguage, linkEmail, message } from '../shared/email';

/** What an alert is about: a budget threshold passed, or the earned rate fallen below the target. */
export type AlertSubject =
  | { kind: 'budget'; threshold: 80 | 100; usedUnits: number; percent: number }
  | { kind: 'rate'; earnedCents: number };

const LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE' };

/** Money in the user's currency and number format. */
const money = (user: UserRecord, cents: number) =>
  new Intl.NumberFormat(user.numberFormat ?? LOCALES.en, {
    style: 'currency',
    currency: user.currency,
  }).format(cents / 100);

/** ms as "12 h 30 min" in the email's language (whole minutes, rounded down). */
function hours(language: Language, ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  return m === 0
    ? message(language, 'budgetAlert.hours', { h: String(h) })
    : message(language, 'budgetAlert.hoursMinutes', { h: String(h), m: String(m) });
}

/**
 * The alert email in the user's language: what happened, a button to the project, and a link that
 * turns budget alerts off without signing in (`<APP_URL>/unsubscribe/<token>`).
 */
export function budgetAlertEmail(
  user: UserRecord,
  project: ProjectRecord,
  about: AlertSubject,
  unsubscribeToken: string,
): EmailMessage {
  const language = emailLanguage(user.language);
  const link = `${config.appUrl}/unsubscribe/${encodeURIComponent(unsubscribeToken)}`;
  const values: Record<string, string> = { name: user.name, project: project.name, link };
  let keys: [subject: string, body: string];
  if (about.kind === 'budget' && project.budget) {
    const unit = (n: number) => (project.budget?.kind === 'hours' ? hours(language, n) : money(user, n));
    Object.assign(values, {
      used: unit(about.usedUnits),
      amount: unit(project.budget.amount),
      percent: String(about.percent),
      period: project.budget.period === 'monthly' ? message(language, 'budgetAlert.periodMonthly') : '',
    });
    keys =
      about.threshold === 100
        ? ['budgetAlert.subject100', 'budgetAlert.budget100']
        : ['budgetAlert.subject80', 'budgetAlert.budget80'];
  } else {
    Object.assign(values, {
      earned: money(user, about.kind === 'rate' ? about.earnedCents : 0),
      target: money(user, project.targetRateCents ?? 0),
    });
    keys = ['budgetAlert.rateSubject', 'budgetAlert.rate'];
  }
  return linkEmail(
    language,
    user.email,
    {
      subject: keys[0],
      heading: keys[0],
      body: [keys[1], 'budgetAlert.unsubscribe'],
      button: 'budgetAlert.button',
    },
    `${config.appUrl}/projectdetails/${project.projectId}`,
    values,
  );
}
