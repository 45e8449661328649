import type { TagUse } from '../../../contract/responses';
import type { UserRecord } from '../../data/identity/users';
import { listDeletingProjectIds } from '../../data/tracking/projects';
import { listTagUses, type TagUseEntry } from '../../data/tracking/tag-uses';

/**
 * The tag suggestions (pure): use counts summed per tag over the projects, tags no entry carries
 * any more left out, most used first, then by name (ignoring case). Tags are exact text: `Urgent`
 * and `urgent` on two entries are two suggestions (one entry never holds both).
 */
export function rankTags(entries: readonly TagUseEntry[]): TagUse[] {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.name, (counts.get(e.name) ?? 0) + e.useCount);
  return [...counts.entries()]
    .filter(([, count]) => count > 0)
    .map(([name, count]) => ({ name, count }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
        (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
}

/** GET /api/tags: the tags of the user's time entries, most used first (projects being deleted left out). */
export async function getTags(user: UserRecord): Promise<TagUse[]> {
  const [entries, deleting] = await Promise.all([listTagUses(user._id), listDeletingProjectIds(user._id)]);
  return rankTags(deleting.size === 0 ? entries : entries.filter((e) => !deleting.has(e.projectId)));
}
