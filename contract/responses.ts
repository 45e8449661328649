import * as z from 'zod/mini';
import { projectBudgetFields } from './budgets';
import { CURRENCIES, EXPENSE_CATEGORIES, LANGUAGES, NUMBER_FORMATS, VAT_BASES, WEEK_STARTS } from './enums';
import { errorCode, messageValues } from './error-schemas';
import { type Built, lazy } from './lazy';
import { receipt } from './receipt-responses';
import { ROUNDING_MINUTES, ROUNDING_MODES } from './rounding';

/**
 * What the API answers, as schemas: the OpenAPI document is generated from them and the API tests
 * check every answer against it, so the types below (inferred from the schemas, imported by the
 * server, the app and the embed) are the answers' real shape. Type-only imports cost the SPA
 * nothing; only the server and the OpenAPI document load the schemas.
 */

/**
 * The contract's error shape, for every 4xx and 5xx: `{"errors":[{msg,code,param,values}]}`;
 * `msg` is the English message of `code` filled with `values`.
 */
export const errorResponse = /* @__PURE__ */ lazy(() =>
  z.object({
    errors: z.array(
      z.object({
        msg: z.string(),
        code: z.optional(errorCode()),
        param: z.optional(z.string()),
        values: z.optional(messageValues()),
      }),
    ),
  }),
);
export type ErrorResponse = z.infer<Built<typeof errorResponse>>;

/** What a free account may hold (configuration; see `FreeLimits` in `limits.ts`). */
export const freeLimits = /* @__PURE__ */ lazy(() => z.object({ projects: z.number(), items: z.number() }));

/**
 * `GET /api/auth`: the signed-in user, never a secret. `limits` are the free plan's (whether or
 * not this user is premium), so the app shows the numbers the server enforces.
 */
export const user = /* @__PURE__ */ lazy(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    hasSeenTutorial: z.boolean(),
    currency: z.enum(CURRENCIES),
    numberFormat: z.enum(NUMBER_FORMATS),
    /** The user's choice; `null` until the first one (the app then follows the browser). */
    language: z.nullable(z.enum(LANGUAGES)),
    /** The day the user's weeks start on (default Monday). */
    weekStart: z.enum(WEEK_STARTS),
    /** How reports and invoices round each entry. */
    rounding: z.object({ mode: z.enum(ROUNDING_MODES), minutes: z.literal(ROUNDING_MINUTES) }),
    /** When output VAT is owed in the tax report: `cash` (default) or `accrual`. */
    vatBasis: z.enum(VAT_BASES),
    /** Entries shorter than this many seconds are left out of invoice drafts (default 0). */
    minimumEntrySeconds: z.number(),
    premium: z.boolean(),
    enableEmbedding: z.boolean(),
    showPoweredBy: z.boolean(),
    emailConfirmed: z.boolean(),
    /** Budget and rate-floor alerts by email (on unless turned off). */
    budgetAlerts: z.boolean(),
    /** Two-factor sign-in (TOTP) is on (CONTRACT §8). */
    twoFactor: z.boolean(),
    isDemo: z.boolean(),
    createdAt: z.string(),
    /** A new address waiting for its confirmation link; the old one stays in force until then. */
    pendingEmail: z.nullable(z.string()),
    /**
     * While emails to the account are held back (more than the hourly cap asked for): until when,
     * ISO; else null. The app says so.
     */
    mailHeldUntil: z.nullable(z.string()),
    limits: freeLimits(),
  }),
);
export type User = z.infer<Built<typeof user>>;

/** `POST /api/auth`, `POST /api/users`, `POST /api/auth/demo`. */
export const token = /* @__PURE__ */ lazy(() => z.object({ token: z.string() }));

/** An answer that only says what happened (`{msg}`), as after a logout or a password change. */
export const message = /* @__PURE__ */ lazy(() => z.object({ msg: z.string() }));

/** A project with its totals, kept exact by the server. Money in the user's currency, hours in ms. */
export const project = /* @__PURE__ */ lazy(() =>
  z.object({
    _id: z.string(),
    userId: z.string(),
    name: z.string(),
    description: z.string(),
    enableEmbedding: z.boolean(),
    /** Milliseconds (the API's name, kept from the first release). */
    totalHours: z.number(),
    totalIncome: z.number(),
    totalExpenses: z.number(),
    /** Income minus expenses, exact to the cent. */
    profitLoss: z.number(),
    /** Per hour, at most 2 decimals, or null when the project has no rate. */
    hourlyRate: z.nullable(z.number()),
    /** The tracked hours at the hourly rate, to the cent; null without a rate. */
    trackedValue: z.nullable(z.number()),
    ...projectBudgetFields(),
    /** The client billed for the project, or null. */
    clientId: z.nullable(z.string()),
    /** Whether new time on it is billable unless an entry says otherwise. */
    billableByDefault: z.boolean(),
    createdAt: z.string(),
  }),
);
export type Project = z.infer<Built<typeof project>>;

/** A client: whom a freelancer bills. Optional text is `""` when not given. */
export const client = /* @__PURE__ */ lazy(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    address: z.string(),
    taxId: z.string(),
    street: z.string(),
    postcode: z.string(),
    city: z.string(),
    country: z.string(),
    /** The language of the client's invoices; null: the seller's `invoiceLanguage`. */
    language: z.nullable(z.enum(LANGUAGES)),
    vatId: z.string(),
    buyerReference: z.string(),
    createdAt: z.string(),
  }),
);
export type Client = z.infer<Built<typeof client>>;

/** `GET /api/tags`: each tag of the user's time entries and how many entries carry it. */
export const tagUse = /* @__PURE__ */ lazy(() => z.object({ name: z.string(), count: z.number() }));
export type TagUse = z.infer<Built<typeof tagUse>>;

/** The four figures of a report row and of its total: time in ms, money in the user's currency. */
const reportFigures = /* @__PURE__ */ lazy(() => ({
  timeMs: z.number(),
  billableMs: z.number(),
  roundedBillableMs: z.number(),
  billableAmount: z.number(),
}));

/** `GET /api/reports`: one row per group (`key` null: no client, no tag or no task), and the total. */
export const report = /* @__PURE__ */ lazy(() =>
  z.object({
    rows: z.array(z.object({ key: z.nullable(z.string()), label: z.string(), ...reportFigures() })),
    total: z.object(reportFigures()),
  }),
);
export type Report = z.infer<Built<typeof report>>;

/** What entries of both kinds have first: id, owner, project, task (`activity`), sub-task and day. */
const entryFields = /* @__PURE__ */ lazy(() => ({
  _id: z.string(),
  user: z.string(),
  projectId: z.string(),
  activity: z.string(),
  description: z.string(),
  date: z.string(),
}));

/**
 * A time entry. `activity` is the task and `description` the sub-task (the API's names); dates are
 * ISO timestamps at midnight UTC; `duration` is milliseconds.
 */
export const timeActivity = /* @__PURE__ */ lazy(() =>
  z.object({
    ...entryFields(),
    startTime: z.nullable(z.string()),
    endTime: z.nullable(z.string()),
    duration: z.number(),
    /** The invoice that bills it (draft, sent or paid), or null. */
    invoiceId: z.nullable(z.string()),
    /** Whether the time is billed (reports, invoices). */
    billable: z.boolean(),
    /** Labels, order kept. */
    tags: z.array(z.string()),
  }),
);
export type TimeActivity = z.infer<Built<typeof timeActivity>>;

/**
 * An income (`expense: false`) or expense; `amount` (what counts for profit) and `vatAmount` (the
 * VAT on top of it) are decimals exact to the cent. `category` is an expense's, null for income.
 */
export const financeActivity = /* @__PURE__ */ lazy(() =>
  z.object({
    ...entryFields(),
    amount: z.number(),
    expense: z.boolean(),
    notes: z.string(),
    vatAmount: z.number(),
    category: z.nullable(z.enum(EXPENSE_CATEGORIES)),
    /** Its receipts whose upload was checked, oldest first (CONTRACT §9 "Receipts"). */
    receipts: z.array(receipt()),
  }),
);
export type FinanceActivity = z.infer<Built<typeof financeActivity>>;

/** What a delete answers: what happened and the id. */
export const deleted = /* @__PURE__ */ lazy(() => z.object({ msg: z.string(), _id: z.string() }));

/** `DELETE /api/projects/{id}`: also how many entries went with it. */
export const projectDeleted = /* @__PURE__ */ lazy(() =>
  z.object({
    msg: z.string(),
    _id: z.string(),
    removedActivities: z.number(),
  }),
);

/** The running timer (`GET/POST /api/timer`). */
export const timerState = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('running', [
    z.object({ running: z.literal(false) }),
    z.object({
      running: z.literal(true),
      projectId: z.string(),
      activity: z.string(),
      description: z.string(),
      startedAt: z.string(),
      /** Whether the timer is paused now (§8 "Pause"). */
      paused: z.boolean(),
      /** When the pause in progress began (ISO timestamp); null while the timer runs. */
      pausedAt: z.nullable(z.string()),
      /** The pauses already ended, in ms; the one in progress is `now − pausedAt` on top. */
      pausedMs: z.number(),
      billable: z.boolean(),
      tags: z.array(z.string()),
    }),
  ]),
);
export type TimerState = z.infer<Built<typeof timerState>>;

/** The suggestions of one project: each earlier task with its earlier sub-tasks. */
export const projectTaskList = /* @__PURE__ */ lazy(() =>
  z.object({
    projectId: z.string(),
    tasks: z.array(z.object({ activity: z.string(), descriptions: z.array(z.string()) })),
  }),
);
export type ProjectTaskList = z.infer<Built<typeof projectTaskList>>;

export * from './chart-responses';
export * from './import-responses';

// --- invoices ------------------------------------------------------------------------------------

export * from './invoice-responses';
