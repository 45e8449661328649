import { centsToAmount, trackedValueCents } from '../../contract/money';
import type { FinanceActivity, Project, TimeActivity } from '../../contract/responses';
import type { ActivityBase } from '../data/activity-kind';
import type { FinanceActivityRecord } from '../data/finance-activities';
import type { ProjectRecord } from '../data/projects';
import type { TimeActivityRecord } from '../data/time-activities';

/**
 * The API's response shapes of projects and entries, made from the stored records. The data layer
 * answers records (cents, ids named for what they are); what a client sees is decided here, once,
 * for the endpoints and the data export alike.
 */

/** What an entry of either kind shows first: its id, owner, project, task, sub-task and day. */
const entryFields = (r: ActivityBase) => ({
  _id: r.activityId,
  user: r.userId,
  projectId: r.projectId,
  activity: r.activity,
  description: r.description,
  date: r.date,
});

export function toTimeActivity(r: TimeActivityRecord): TimeActivity {
  return {
    ...entryFields(r),
    startTime: r.startTime,
    endTime: r.endTime,
    duration: r.duration,
  };
}

export function toFinanceActivity(r: FinanceActivityRecord): FinanceActivity {
  return {
    ...entryFields(r),
    amount: centsToAmount(r.amountCents),
    expense: r.expense,
    notes: r.notes,
  };
}

export function toProject(p: ProjectRecord): Project {
  return {
    _id: p.projectId,
    userId: p.userId,
    name: p.name,
    description: p.description,
    enableEmbedding: p.enableEmbedding,
    // The API's name; it holds milliseconds.
    totalHours: p.totalMs,
    totalIncome: centsToAmount(p.totalIncomeCents),
    totalExpenses: centsToAmount(p.totalExpensesCents),
    profitLoss: centsToAmount(p.totalIncomeCents - p.totalExpensesCents),
    hourlyRate: p.hourlyRateCents == null ? null : centsToAmount(p.hourlyRateCents),
    trackedValue:
      p.hourlyRateCents == null ? null : centsToAmount(trackedValueCents(p.totalMs, p.hourlyRateCents)),
    createdAt: p.createdAt,
  };
}
