import { BUDGET_ALERT_THRESHOLDS } from '../../../contract/budgets';
import { claimAlert, releaseAlert } from '../../data/billing/alerts';
import { transactWrite } from '../../data/core/transact';
import { newToken, putTokenItem } from '../../data/identity/tokens';
import { getUserById, type UserRecord } from '../../data/identity/users';
import { getProject, type ProjectRecord } from '../../data/tracking/projects';
import { sendAccountEmail } from '../shared/mail-cap';
import {
  belowTarget,
  budgetPercentOf,
  budgetUsedUnits,
  currentMonth,
  rateFloorOf,
} from '../tracking/budgets';
import { budgetPeriodMs } from '../tracking/project-views';
import { type AlertSubject, budgetAlertEmail } from './budget-alert-email';

/** How long an unsubscribe link in an alert works. */
const UNSUBSCRIBE_TTL_SECONDS = 400 * 24 * 60 * 60;

/**
 * Budget alerts (§8): when a project's totals change, an email for each budget threshold (80 %,
 * 100 %) passed — once per period — and for the earned rate falling below the target — once until
 * it recovers. Each alert is claimed (`claimAlert`, a conditional Put) before its email goes out,
 * so a stream record delivered again sends nothing twice; a failed email releases its claim and
 * throws, so Lambda retries the batch and the retry sends it.
 */
export async function checkProjectAlerts(
  userId: string,
  projectId: string,
  now = new Date(),
): Promise<number> {
  const project = await getProject(userId, projectId);
  if (!project || (!project.budget && project.targetRateCents == null)) return 0;
  const user = await getUserById(userId);
  // Only to an address its owner confirmed: an alert must not be a way to mail a stranger.
  if (!user?.budgetAlerts || user.isDemo || !user.emailConfirmed) return 0;
  return (await budgetAlerts(user, project, now)) + (await rateAlert(user, project, now));
}

/** The budget's alerts: claims every threshold passed, and mails the highest one newly claimed. */
async function budgetAlerts(user: UserRecord, project: ProjectRecord, now: Date): Promise<number> {
  const budget = project.budget;
  if (!budget) return 0;
  const usedUnits = budgetUsedUnits(
    budget,
    await budgetPeriodMs(project, now),
    project.hourlyRateCents ?? null,
  );
  const percent = budgetPercentOf(usedUnits, budget);
  const { month } = currentMonth(now);
  const period = budget.period === 'monthly' ? month : 'total';
  // A monthly record may go once its month is over (TTL).
  const expiresAt = budget.period === 'monthly' ? monthEnd(month) : undefined;
  const claimed: { what: string; threshold: 80 | 100 }[] = [];
  for (const threshold of BUDGET_ALERT_THRESHOLDS.filter((t) => percent >= t)) {
    // Keyed on the period and threshold only: changing the budget by a cent must not re-arm it.
    const what = `BUDGET#${period}#${threshold}`;
    if (await claimAlert(user._id, project.projectId, what, expiresAt)) claimed.push({ what, threshold });
  }
  const highest = claimed.at(-1);
  if (!highest) return 0;
  return mail(user, project, { kind: 'budget', threshold: highest.threshold, usedUnits, percent }, claimed);
}

/**
 * The rate floor's alert: once while below the target (`RATE`, released when the rate recovers),
 * and at most once a calendar month (`RATE#<yyyy-mm>`, kept until its TTL): adding and deleting an
 * income, or moving the target by a cent, cannot send it again in the same month.
 */
async function rateAlert(user: UserRecord, project: ProjectRecord, now: Date): Promise<number> {
  if (project.targetRateCents == null) return 0;
  const inputs = { ...project, targetRateCents: project.targetRateCents };
  const armed = 'RATE';
  if (!belowTarget(inputs)) {
    await releaseAlert(user._id, project.projectId, armed);
    return 0;
  }
  if (!(await claimAlert(user._id, project.projectId, armed))) return 0;
  const { month } = currentMonth(now);
  const monthly = `RATE#${month}`;
  if (!(await claimAlert(user._id, project.projectId, monthly, monthEnd(month)))) return 0;
  const earned = rateFloorOf(inputs).earnedPerHour ?? 0;
  return mail(user, project, { kind: 'rate', earnedCents: Math.round(earned * 100) }, [
    { what: armed },
    { what: monthly },
  ]);
}

/** When a record of `month` may go (TTL): 62 days after the start of the month. */
const monthEnd = (month: string) => Math.floor(Date.parse(`${month}-01T00:00:00Z`) / 1000) + 62 * 86_400;

/**
 * Sends an alert with a fresh unsubscribe link: 1 when sent, 0 when the hourly mail cap held it
 * back (its claims stay: the app shows the hold, and the alert does not come later as a surprise);
 * on a failed send releases its claims and throws (retry).
 */
async function mail(
  user: UserRecord,
  project: ProjectRecord,
  about: AlertSubject,
  claims: { what: string }[],
): Promise<number> {
  const token = newToken(user._id);
  await transactWrite([
    putTokenItem(token, {
      kind: 'unsubscribe',
      userId: user._id,
      email: user.email,
      tokenVersion: 0,
      expiresAt: Math.floor(Date.now() / 1000) + UNSUBSCRIBE_TTL_SECONDS,
    }),
  ]);
  const outcome = await sendAccountEmail(user._id, budgetAlertEmail(user, project, about, token));
  if (outcome.sent) return 1;
  if (outcome.heldUntil) return 0;
  for (const claim of claims) await releaseAlert(user._id, project.projectId, claim.what);
  throw new Error('A budget alert could not be sent; its claim is released for the retry');
}
