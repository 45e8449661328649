import type { TagUse } from '@contract/responses';
import useSWR from 'swr';
import { client, fetcher } from './api-client';

/** The SWR key of the user's tags (revalidated with everything derived from entries). */
export const TAGS_KEY = client.url('getTags');

/**
 * GET /api/tags: the tags of the user's time entries, most used first, as names — what the tag
 * inputs suggest and the timesheet's tag filter offers.
 */
export function useTagNames(): string[] {
  const { data } = useSWR<TagUse[]>(TAGS_KEY, fetcher);
  return (data ?? []).map((t) => t.name);
}
