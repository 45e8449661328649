import { BUDGET_ALERT_THRESHOLDS } from '../../../contract/budgets';
import { claimAlert, releaseAlert } from '../../data/billing/alerts';
import { transactWrite } from '../../data/core/transact';
import { newToken, putTokenItem } from '../../data/identity/tokens';
import { getUserById, type UserRecord } from '../../data/identity/users';
import { getProject, type ProjectRecord } from '../../data/tracking/projects';
import { sendEmail } from '../shared/email';
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
  if (!user?.budgetAlerts || user.isDemo) return 0;
  return (await budgetAlerts(user, project, now)) + (await rateAlert(user, project));
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
  // A monthly record may go once its month is over (TTL); 62 days after the start of the month.
  const expiresAt =
    budget.period === 'monthly'
      ? Math.floor(Date.parse(`${month}-01T00:00:00Z`) / 1000) + 62 * 86_400
      : undefined;
  const claimed: { what: string; threshold: 80 | 100 }[] = [];
  for (const threshold of BUDGET_ALERT_THRESHOLDS.filter((t) => percent >= t)) {
    const what = `BUDGET#${budget.kind}#${budget.amount}#${period}#${threshold}`;
    if (await claimAlert(user._id, project.projectId, what, expiresAt)) claimed.push({ what, threshold });
  }
  const highest = claimed.at(-1);
  if (!highest) return 0;
  await mail(user, project, { kind: 'budget', threshold: highest.threshold, usedUnits, percent }, claimed);
  return 1;
}

/** The rate floor's alert: once while below the target; recovering releases it for the next fall. */
async function rateAlert(user: UserRecord, project: ProjectRecord): Promise<number> {
  if (project.targetRateCents == null) return 0;
  const inputs = { ...project, targetRateCents: project.targetRateCents };
  const what = `RATE#${project.targetRateCents}`;
  if (!belowTarget(inputs)) {
    await releaseAlert(user._id, project.projectId, what);
    return 0;
  }
  if (!(await claimAlert(user._id, project.projectId, what))) return 0;
  const earned = rateFloorOf(inputs).earnedPerHour ?? 0;
  await mail(user, project, { kind: 'rate', earnedCents: Math.round(earned * 100) }, [{ what }]);
  return 1;
}

/** Sends an alert with a fresh unsubscribe link; on failure releases its claims and throws (retry). */
async function mail(
  user: UserRecord,
  project: ProjectRecord,
  about: AlertSubject,
  claims: { what: string }[],
) {
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
  if (await sendEmail(budgetAlertEmail(user, project, about, token))) return;
  for (const claim of claims) await releaseAlert(user._id, project.projectId, claim.what);
  throw new Error('A budget alert could not be sent; its claim is released for the retry');
}
