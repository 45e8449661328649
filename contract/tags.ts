import { characterCount } from './limits';

/**
 * Tags on time entries: free labels (`#urgent`, `Rückfrage`, `会議`) a report can filter and group
 * by. Plain constants and pure functions: the request schema, the importers and the app share them.
 */

/** The most tags one entry may carry. */
export const MAX_TAGS = 20;
/** The longest tag, in characters (Unicode code points). */
export const MAX_TAG_LENGTH = 50;

export type TagsProblem = 'TAG_EMPTY' | 'TAG_TOO_LONG' | 'TOO_MANY_TAGS';

/**
 * An entry's tags as stored: each trimmed, a repeat ignoring case dropped (the first spelling
 * stays), order kept. A problem instead when a tag is empty once trimmed, longer than
 * {@link MAX_TAG_LENGTH}, or when more than {@link MAX_TAGS} distinct tags remain.
 */
export function normaliseTags(tags: readonly string[]): { tags: string[] } | { problem: TagsProblem } {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim();
    if (tag === '') return { problem: 'TAG_EMPTY' };
    if (characterCount(tag) > MAX_TAG_LENGTH) return { problem: 'TAG_TOO_LONG' };
    const folded = foldTag(tag);
    if (seen.has(folded)) continue;
    seen.add(folded);
    kept.push(tag);
  }
  if (kept.length > MAX_TAGS) return { problem: 'TOO_MANY_TAGS' };
  return { tags: kept };
}

/** How two tags are compared: ignoring case (and width, as the timesheet search does). */
export const foldTag = (tag: string) => tag.normalize('NFKC').toLowerCase();

/** Tags as one CSV cell: joined by `, ` (the time CSV's `Tags` column). */
export const joinTags = (tags: readonly string[]) => tags.join(', ');

/** A CSV cell's tags: split at commas, blanks dropped (then {@link normaliseTags}). */
export const splitTags = (cell: string) =>
  cell
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
