import * as z from 'zod/mini';
import { CLIENT_ID, entityIdField, textField } from './fields';
import { DEFAULT_PAGE_SIZE, MAX_DURATION_MS, MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from './limits';
import { PROJECT_NOT_FOUND } from './messages';

/**
 * Request schemas of the time and money entries. `activity` is the task and `description` the
 * sub-task (the API's names since the first release).
 */

const projectIdField = entityIdField('Project is required', PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');

const instantField = (label: string) =>
  z.nullable(
    z
      .string({ error: `${label} must be an ISO date-time or null` })
      .check(z.maxLength(40, `${label} must be an ISO date-time or null`)),
  );

const durationField = z
  .number({ error: 'Duration must be a number of milliseconds' })
  .check(
    z.gte(0, 'Duration must not be negative'),
    z.lte(MAX_DURATION_MS, `Duration must be at most ${MAX_DURATION_MS / 3_600_000} hours`),
  );

const common = {
  activity: z.optional(textField('Task', MAX_NAME_LENGTH)),
  description: z.optional(textField('Sub-task', MAX_NAME_LENGTH)),
  date: z.optional(
    z.nullable(
      z.string({ error: 'Date must be an ISO date' }).check(z.maxLength(40, 'Date must be an ISO date')),
    ),
  ),
};

/** Body of POST /api/timeactivities. `_id` (a ULID) makes a retried create count once. */
export const timeActivityCreateSchema = z.object({
  _id: z.optional(CLIENT_ID),
  projectId: projectIdField,
  ...common,
  startTime: z.optional(instantField('Start time')),
  endTime: z.optional(instantField('End time')),
  duration: z.optional(durationField),
});

/** Body of PUT /api/timeActivities/{id}: any field; a `projectId` moves the entry. */
export const timeActivityUpdateSchema = z.partial(z.omit(timeActivityCreateSchema, { _id: true }));

/** Body of POST /api/financeactivities. `_id` (a ULID) makes a retried create count once. */
export const financeActivityCreateSchema = z.object({
  _id: z.optional(CLIENT_ID),
  projectId: projectIdField,
  ...common,
  amount: z.optional(z.number({ error: 'Amount must be a number' })),
  expense: z.optional(z.boolean({ error: 'Expense must be true or false' })),
  notes: z.optional(z.nullable(textField('Notes', MAX_TEXT_LENGTH))),
});

/** Body of PUT /api/financeActivities/{id}: any field; a `projectId` moves the entry. */
export const financeActivityUpdateSchema = z.partial(z.omit(financeActivityCreateSchema, { _id: true }));

/** Query of the list endpoints: optional page size and the cursor of the previous page. */
export const listQuerySchema = z.object({
  limit: z.optional(
    z.coerce
      .number({ error: 'limit must be a number' })
      .check(
        z.int('limit must be a whole number'),
        z.gte(1, 'limit must be between 1 and 1000'),
        z.lte(DEFAULT_PAGE_SIZE, 'limit must be between 1 and 1000'),
      ),
  ),
  cursor: z.optional(z.string().check(z.maxLength(2000, 'Invalid cursor'))),
});

export type TimeActivityCreate = z.infer<typeof timeActivityCreateSchema>;
export type TimeActivityUpdate = z.infer<typeof timeActivityUpdateSchema>;
export type FinanceActivityCreate = z.infer<typeof financeActivityCreateSchema>;
export type FinanceActivityUpdate = z.infer<typeof financeActivityUpdateSchema>;
export type ListQuery = z.infer<typeof listQuerySchema>;
