import type {
  FinanceActivityCreateBody,
  FinanceActivityUpdateBody,
  TimeActivityCreateBody,
  TimeActivityUpdateBody,
} from '@contract/activities';
import type { WriteName } from '@contract/endpoints';
import type { FinanceActivity, TimeActivity } from '@contract/responses';
import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { client, fetcher } from '@/lib/api-client';
import { buildTaskIndex } from '../lib/task-suggestions';
import { revalidateAfterEntryWrite } from './revalidate';

export type { FinanceActivity, TimeActivity };

/**
 * The API calls of one kind of entry — time, or income and expenses — the app's side of the
 * server's activity kinds (`functions/data/tracking/activity-kind.ts`): one parametrised flow for both,
 * each call typed by its endpoint in the contract.
 */
export interface EntryCalls<E, Create, Update> {
  /** The SWR key of a project's entries of this kind. */
  listKey: (projectId: string) => string;
  create: (body: Create) => Promise<E>;
  update: (id: string, body: Update) => Promise<E>;
  remove: (id: string) => Promise<unknown>;
  /** The SWR key of this kind's task and sub-task suggestions, per project. */
  taskListKey: string;
  /** The endpoints of the three writes, whose `invalidates` say what each makes stale. */
  writes: { create: WriteName; update: WriteName; remove: WriteName };
}

/**
 * Time entries: POST /api/timeactivities, PUT and DELETE /api/timeActivities/{id} (the
 * specification's casing), GET /api/timeactivities/{projectId}, GET /api/projecttasklist.
 */
export const TIME_ENTRIES: EntryCalls<TimeActivity, TimeActivityCreateBody, TimeActivityUpdateBody> = {
  listKey: (projectId) => client.url('listTimeActivities', { path: { projectId } }),
  create: (body) => client.call('createTimeActivity', { body }),
  update: (id, body) => client.call('updateTimeActivity', { path: { id }, body }),
  remove: (id) => client.call('deleteTimeActivity', { path: { id } }),
  taskListKey: client.url('getProjectTaskList'),
  writes: { create: 'createTimeActivity', update: 'updateTimeActivity', remove: 'deleteTimeActivity' },
};

/** Income and expenses: the same calls under /api/financeactivities and /api/projectfinancetasklist. */
export const FINANCE_ENTRIES: EntryCalls<
  FinanceActivity,
  FinanceActivityCreateBody,
  FinanceActivityUpdateBody
> = {
  listKey: (projectId) => client.url('listFinanceActivities', { path: { projectId } }),
  create: (body) => client.call('createFinanceActivity', { body }),
  update: (id, body) => client.call('updateFinanceActivity', { path: { id }, body }),
  remove: (id) => client.call('deleteFinanceActivity', { path: { id } }),
  taskListKey: client.url('getProjectFinanceTaskList'),
  writes: {
    create: 'createFinanceActivity',
    update: 'updateFinanceActivity',
    remove: 'deleteFinanceActivity',
  },
};

/**
 * What the track-time form sends: every field of the body but `_id` (`date` is midnight UTC of the
 * day; times are ISO or null); billable and tags only when set.
 */
export type TimeActivityInput = Required<Omit<TimeActivityCreateBody, '_id' | 'billable' | 'tags'>> &
  Pick<TimeActivityCreateBody, 'billable' | 'tags'>;

/** What the income and expense forms send: every field of the body but `_id`; `expense` says the side. */
export type FinanceActivityInput = Required<Omit<FinanceActivityCreateBody, '_id'>>;

type Calls<E, C, U> = EntryCalls<E, C, U>;

/**
 * Creates an entry (its `_id` a ULID the form makes per entry, so a retry after a lost answer is
 * stored and counted once) and revalidates what the contract says it makes stale.
 */
export function useCreateEntry<E, C extends { projectId: string }, U>(calls: Calls<E, C, U>) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body: C) => {
      const created = await calls.create(body);
      await revalidateAfterEntryWrite(mutate, calls.writes.create, [body.projectId]);
      return created;
    },
    [mutate, calls],
  );
}

/** Updates an entry; revalidates both the old and the new project when it moved. */
export function useUpdateEntry<E, C, U extends { projectId?: string }>(calls: Calls<E, C, U>) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, body: U & { projectId: string }, previousProjectId?: string) => {
      const updated = await calls.update(id, body);
      await revalidateAfterEntryWrite(mutate, calls.writes.update, [
        body.projectId,
        previousProjectId ?? body.projectId,
      ]);
      return updated;
    },
    [mutate, calls],
  );
}

/** Deletes an entry and revalidates what derived from it. */
export function useDeleteEntry<E, C, U>(calls: Calls<E, C, U>) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, projectId: string) => {
      await calls.remove(id);
      await revalidateAfterEntryWrite(mutate, calls.writes.remove, [projectId]);
    },
    [mutate, calls],
  );
}

/** Earlier tasks and sub-tasks of this kind of entry, per project (the suggestions' index). */
export function useTaskSuggestions<E, C, U>(calls: Calls<E, C, U>) {
  const swr = useSWR<unknown>(calls.taskListKey, fetcher);
  const index = useMemo(() => buildTaskIndex(swr.data), [swr.data]);
  return { ...swr, index };
}
