import * as z from 'zod/mini';
import { EXPENSE_CATEGORIES } from './enums';
import { schemaMessage } from './error-codes';
import { CLIENT_ID, entityIdField, pageLimitField, textField } from './fields';
import { type Built, lazy } from './lazy';
import { DEFAULT_PAGE_SIZE, MAX_DURATION_MS, MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from './limits';
import { MAX_TAG_LENGTH, MAX_TAGS, normaliseTags } from './tags';

/**
 * Request schemas of the time and money entries. `activity` is the task and `description` the
 * sub-task (the API's names since the first release).
 */

const projectIdField = /* @__PURE__ */ lazy(() => entityIdField('project', 'PROJECT_NOT_FOUND'));

const instantField = (field: 'startTime' | 'endTime') =>
  z.nullable(
    z
      .string({ error: schemaMessage('INVALID_DATE_TIME', { field }) })
      .check(z.maxLength(40, schemaMessage('INVALID_DATE_TIME', { field }))),
  );

const durationField = /* @__PURE__ */ lazy(() =>
  z
    .number({ error: schemaMessage('DURATION_NOT_NUMBER') })
    .check(
      z.gte(0, schemaMessage('DURATION_NEGATIVE')),
      z.lte(
        MAX_DURATION_MS,
        schemaMessage('DURATION_TOO_LONG', { field: 'duration', max: MAX_DURATION_MS / 3_600_000 }),
      ),
    ),
);

/** Whether the time is billed; when a new entry leaves it out, its project's `billableByDefault`. */
export const billableField = /* @__PURE__ */ lazy(() =>
  z.boolean({ error: schemaMessage('NOT_BOOLEAN', { field: 'billable' }) }),
);

const TAG_MESSAGES = {
  TAG_EMPTY: schemaMessage('TAG_EMPTY'),
  TAG_TOO_LONG: schemaMessage('TAG_TOO_LONG', { max: MAX_TAG_LENGTH }),
  TOO_MANY_TAGS: schemaMessage('TOO_MANY_TAGS', { max: MAX_TAGS }),
} as const;

/**
 * An entry's tags: a list of texts, each trimmed (1–50 characters), a repeat ignoring case dropped,
 * order kept, at most 20 (see `normaliseTags`).
 */
export const tagsField = /* @__PURE__ */ lazy(() =>
  z.pipe(
    z.array(z.string({ error: schemaMessage('TAGS_NOT_LIST') }), { error: schemaMessage('TAGS_NOT_LIST') }),
    z.transform((tags: string[], ctx) => {
      const result = normaliseTags(tags);
      if ('tags' in result) return result.tags;
      ctx.issues.push({ code: 'custom', message: TAG_MESSAGES[result.problem], input: tags });
      return z.NEVER;
    }),
  ),
);

const common = /* @__PURE__ */ lazy(() => ({
  activity: z.optional(textField('task', MAX_NAME_LENGTH)),
  description: z.optional(textField('subTask', MAX_NAME_LENGTH)),
  date: z.optional(
    z.nullable(
      z
        .string({ error: schemaMessage('INVALID_DATE') })
        .check(z.maxLength(40, schemaMessage('INVALID_DATE'))),
    ),
  ),
}));

/** Body of POST /api/timeactivities. `_id` (a ULID) makes a retried create count once. */
export const timeActivityCreateSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    _id: z.optional(CLIENT_ID()),
    projectId: projectIdField(),
    ...common(),
    startTime: z.optional(instantField('startTime')),
    endTime: z.optional(instantField('endTime')),
    duration: z.optional(durationField()),
    billable: z.optional(billableField()),
    tags: z.optional(tagsField()),
  }),
);

/** Body of PUT /api/timeActivities/{id}: any field; a `projectId` moves the entry. */
export const timeActivityUpdateSchema = /* @__PURE__ */ lazy(() =>
  z.partial(z.omit(timeActivityCreateSchema(), { _id: true })),
);

/** VAT charged or paid on top of an amount (checked to the cent by the domain, as `amount` is). */
export const vatAmountField = /* @__PURE__ */ lazy(() =>
  z.number({ error: schemaMessage('NOT_A_NUMBER', { field: 'vatAmount' }) }),
);

/** An expense's category: one of {@link EXPENSE_CATEGORIES}, anything else a 400 naming them. */
export const categoryField = /* @__PURE__ */ lazy(() =>
  z.enum(EXPENSE_CATEGORIES, {
    error: schemaMessage('NOT_ONE_OF', { field: 'category', options: EXPENSE_CATEGORIES.join(', ') }),
  }),
);

/**
 * Body of POST /api/financeactivities. `_id` (a ULID) makes a retried create count once.
 * `vatAmount` (default 0) is the VAT on top of `amount`, which alone counts for profit; `category`
 * is an expense's (default `other`; an income has none).
 */
export const financeActivityCreateSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    _id: z.optional(CLIENT_ID()),
    projectId: projectIdField(),
    ...common(),
    amount: z.optional(z.number({ error: schemaMessage('AMOUNT_NOT_NUMBER') })),
    expense: z.optional(z.boolean({ error: schemaMessage('NOT_BOOLEAN', { field: 'expense' }) })),
    notes: z.optional(z.nullable(textField('notes', MAX_TEXT_LENGTH))),
    vatAmount: z.optional(vatAmountField()),
    // null (as answered for income) is the default, so an answer sent back as an edit is taken.
    category: z.optional(z.nullable(categoryField())),
  }),
);

/** Body of PUT /api/financeActivities/{id}: any field; a `projectId` moves the entry. */
export const financeActivityUpdateSchema = /* @__PURE__ */ lazy(() =>
  z.partial(z.omit(financeActivityCreateSchema(), { _id: true })),
);

/**
 * Body of POST /api/timer. `timeZone` (an IANA name, the browser's) decides which calendar day the
 * start falls on — the day the entry is booked on; without it the day is the UTC one.
 */
export const timerStartSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    projectId: projectIdField(),
    activity: z.optional(textField('task', MAX_NAME_LENGTH)),
    description: z.optional(textField('subTask', MAX_NAME_LENGTH)),
    billable: z.optional(billableField()),
    tags: z.optional(tagsField()),
    timeZone: z.optional(
      z
        .string({ error: schemaMessage('NOT_TEXT', { field: 'timeZone' }) })
        .check(z.maxLength(64, schemaMessage('UNKNOWN_TIME_ZONE'))),
    ),
  }),
);

/** Query of the list endpoints: optional page size and the cursor of the previous page. */
export const listQuerySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    limit: pageLimitField(DEFAULT_PAGE_SIZE),
    cursor: z.optional(z.string().check(z.maxLength(2000, schemaMessage('INVALID_CURSOR')))),
  }),
);

export type TimeActivityCreate = z.infer<Built<typeof timeActivityCreateSchema>>;
export type TimeActivityUpdate = z.infer<Built<typeof timeActivityUpdateSchema>>;
export type FinanceActivityCreate = z.infer<Built<typeof financeActivityCreateSchema>>;
export type FinanceActivityUpdate = z.infer<Built<typeof financeActivityUpdateSchema>>;
export type ListQuery = z.infer<Built<typeof listQuerySchema>>;

/**
 * What a client may send, as opposed to what the server gets once the schema has parsed it (the
 * types above): ids in any case, text untrimmed.
 */
export type TimeActivityCreateBody = z.input<Built<typeof timeActivityCreateSchema>>;
export type TimeActivityUpdateBody = z.input<Built<typeof timeActivityUpdateSchema>>;
export type FinanceActivityCreateBody = z.input<Built<typeof financeActivityCreateSchema>>;
export type FinanceActivityUpdateBody = z.input<Built<typeof financeActivityUpdateSchema>>;
export type TimerStartBody = z.input<Built<typeof timerStartSchema>>;
