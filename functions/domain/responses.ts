import type { FinanceActivityRecord } from '../data/finance-activities';
import type { ProjectRecord } from '../data/projects';
import type { TimeActivityRecord } from '../data/time-activities';
import { centsToAmount, trackedValueCents } from './money';

/**
 * The API's response shapes of projects and entries, made from the stored records. The data layer
 * answers records (cents, ids named for what they are); what a client sees is decided here, once,
 * for the endpoints and the data export alike.
 */

/** A time activity as the API shows it (`activity` is the task, `description` the sub-task). */
export interface TimeActivity {
  _id: string;
  user: string;
  projectId: string;
  activity: string;
  description: string;
  date: string;
  startTime: string | null;
  endTime: string | null;
  duration: number;
}

/** A finance activity as the API shows it (`amount` a decimal exact to the cent). */
export interface FinanceActivity {
  _id: string;
  user: string;
  projectId: string;
  activity: string;
  description: string;
  date: string;
  amount: number;
  expense: boolean;
  notes: string;
}

/** A project as the API shows it: money as decimals exact to the cent, `totalHours` in ms. */
export interface Project {
  _id: string;
  userId: string;
  name: string;
  description: string;
  enableEmbedding: boolean;
  totalHours: number;
  totalIncome: number;
  totalExpenses: number;
  /** Income minus expenses, derived. */
  profitLoss: number;
  /** Decimal, ≤ 2 places, or null when the project has no rate. */
  hourlyRate: number | null;
  /** The tracked time at the hourly rate, to the cent ({@link trackedValueCents}); null without a rate. */
  trackedValue: number | null;
  createdAt: string;
}

export function toTimeActivity(r: TimeActivityRecord): TimeActivity {
  return {
    _id: r.activityId,
    user: r.userId,
    projectId: r.projectId,
    activity: r.activity,
    description: r.description,
    date: r.date,
    startTime: r.startTime,
    endTime: r.endTime,
    duration: r.duration,
  };
}

export function toFinanceActivity(r: FinanceActivityRecord): FinanceActivity {
  return {
    _id: r.activityId,
    user: r.userId,
    projectId: r.projectId,
    activity: r.activity,
    description: r.description,
    date: r.date,
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
