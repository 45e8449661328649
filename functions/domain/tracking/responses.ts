import { centsToAmount, trackedValueCents } from '../../../contract/money';
import type {
  Client,
  FinanceActivity,
  Project,
  ProjectTaskList,
  TimeActivity,
  TimePerSubTaskRow,
  TimePerTaskRow,
  TimerState,
} from '../../../contract/responses';
import type { ClientRecord } from '../../data/billing/clients';
import type { ActivityBase } from '../../data/tracking/activity-kind';
import type { FinanceActivityRecord } from '../../data/tracking/finance-activities';
import type { ProjectRecord } from '../../data/tracking/projects';
import type { TaskPair } from '../../data/tracking/task-attributes';
import type { TimeActivityRecord } from '../../data/tracking/time-activities';
import type { TimerRecord } from '../../data/tracking/timer';
import { budgetFigures } from './budgets';

/**
 * The API's response shapes, made from the stored records and the domain's values. The data layer
 * answers records (cents, ms, ids and fields named for what they are); what a client sees is
 * decided here, once, for the endpoints and the data export alike. The API keeps its first
 * release's names: a task is `activity`, a sub-task `description`, and a time in ms `totalHours`.
 */

/** A task and sub-task under the API's names. */
const apiTaskPair = (p: TaskPair) => ({ activity: p.task, description: p.subTask });

/** What an entry of either kind shows first: its id, owner, project, task, sub-task and day. */
const entryFields = (r: ActivityBase) => ({
  _id: r.activityId,
  user: r.userId,
  projectId: r.projectId,
  ...apiTaskPair(r),
  date: r.date,
});

export function toTimeActivity(r: TimeActivityRecord): TimeActivity {
  return {
    ...entryFields(r),
    startTime: r.startTime,
    endTime: r.endTime,
    duration: r.duration,
    invoiceId: r.invoiceId ?? null,
    billable: r.billable !== false,
    tags: r.tags ?? [],
  };
}

export function toFinanceActivity(r: FinanceActivityRecord): FinanceActivity {
  return {
    ...entryFields(r),
    amount: centsToAmount(r.amountCents),
    expense: r.expense,
    notes: r.notes,
    vatAmount: centsToAmount(r.vatCents ?? 0),
    category: r.expense ? (r.category ?? 'other') : null,
    // Only receipts whose upload was checked; pending ones are not listed.
    receipts: (r.receipts ?? []).flatMap((receipt) =>
      receipt.uploadedAt
        ? [
            {
              _id: receipt.receiptId,
              filename: receipt.filename,
              contentType: receipt.contentType,
              bytes: receipt.bytes,
              uploadedAt: receipt.uploadedAt,
            },
          ]
        : [],
    ),
  };
}

export function toClient(c: ClientRecord): Client {
  return {
    _id: c.clientId,
    name: c.name,
    email: c.email,
    address: c.address,
    taxId: c.taxId,
    street: c.street,
    postcode: c.postcode,
    city: c.city,
    country: c.country,
    language: c.language,
    vatId: c.vatId,
    buyerReference: c.buyerReference,
    createdAt: c.createdAt,
  };
}

/**
 * A project as the API answers it. `periodMs` is the time its budget's period holds: all of it for a
 * total budget (the default), this month's for a monthly one (`./project-views.ts` reads that).
 */
export function toProject(p: ProjectRecord, periodMs = p.totalMs): Project {
  return {
    _id: p.projectId,
    userId: p.userId,
    name: p.name,
    description: p.description,
    enableEmbedding: p.enableEmbedding,
    totalHours: p.totalMs,
    totalIncome: centsToAmount(p.totalIncomeCents),
    totalExpenses: centsToAmount(p.totalExpensesCents),
    profitLoss: centsToAmount(p.totalIncomeCents - p.totalExpensesCents),
    hourlyRate: p.hourlyRateCents == null ? null : centsToAmount(p.hourlyRateCents),
    trackedValue:
      p.hourlyRateCents == null ? null : centsToAmount(trackedValueCents(p.totalMs, p.hourlyRateCents)),
    ...budgetFigures({
      budget: p.budget ?? null,
      targetRateCents: p.targetRateCents ?? null,
      hourlyRateCents: p.hourlyRateCents ?? null,
      totalMs: p.totalMs,
      totalIncomeCents: p.totalIncomeCents,
      totalExpensesCents: p.totalExpensesCents,
      periodMs,
    }),
    clientId: p.clientId ?? null,
    billableByDefault: p.billableByDefault ?? true,
    createdAt: p.createdAt,
  };
}

/** The running timer, or none. */
export function toTimerState(t: TimerRecord | undefined): TimerState {
  if (!t) return { running: false };
  return {
    running: true,
    projectId: t.projectId,
    ...apiTaskPair(t),
    startedAt: t.startedAt,
    paused: t.pausedAt !== undefined,
    pausedAt: t.pausedAt ?? null,
    pausedMs: t.pausedMs,
    billable: t.billable,
    tags: t.tags,
  };
}

/** One project's task suggestions: each task (in the given order) with its sub-tasks. */
export function toProjectTaskList(
  projectId: string,
  tasks: ReadonlyArray<{ task: string; subTasks: string[] }>,
): ProjectTaskList {
  return { projectId, tasks: tasks.map((t) => ({ activity: t.task, descriptions: t.subTasks })) };
}

/** A row of the time-per-task grid. */
export const toTimePerTaskRow = (r: { task: string; timeMs: number }): TimePerTaskRow => ({
  activity: r.task,
  totalHours: r.timeMs,
});

/** A row of the time-per-sub-task grid. */
export const toTimePerSubTaskRow = (r: TaskPair & { timeMs: number }): TimePerSubTaskRow => ({
  ...apiTaskPair(r),
  totalHours: r.timeMs,
});
