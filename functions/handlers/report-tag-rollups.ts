import type { AttributeValue, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { foldTag } from '../../contract/tags';
import { applyTogether, assumedFrom, packMoves, type TagMove } from '../data/tracking/tag-rollup-batches';
import { applyTagState, planTagRecord, type TagApply } from '../data/tracking/tag-rollup-writes';
import {
  type Counted,
  countsInFull,
  deletedState,
  liveState,
  NOTHING_COUNTED,
} from '../data/tracking/tag-rollups';
import { logged, logger } from '../lib/logger';

/**
 * The table's stream → the per-tag day rollups (`functions/data/tracking/tag-rollups.ts`). On AWS an event
 * source mapping invokes it with batches of time entry records (`TAG_ROLLUP_STREAM_FILTERS` in
 * `routes.ts`), retried until they succeed; locally `infra/local/stream-feed.ts` feeds it from
 * DynamoDB Local's stream. Each record moves its entry's count from the OLD_IMAGE's state to the
 * NEW_IMAGE's (or to deleted) — idempotently, see `functions/data/tracking/tag-rollup-writes.ts`. An entry's
 * records in one batch fold into one move, from the first's old state to the last's new one, and
 * the moves of many entries go into one transaction (`tag-rollup-batches.ts`); an entry that cannot
 * go with the others has its records applied one by one, in stream order. A record that fails is
 * answered in `batchItemFailures` (the event source mapping reports them), so only it and what
 * follows it are delivered again; the retry finds what was applied already.
 */

type Image = Record<string, AttributeValue>;

/** A stream image's attribute as a plain value (the few types a time entry item has). */
function plain(value: AttributeValue): unknown {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.L !== undefined) return value.L.map(plain);
  if (value.M !== undefined) return fromImage(value.M);
  return null;
}

const fromImage = (image: Image) =>
  Object.fromEntries(Object.entries(image).map(([name, value]) => [name, plain(value)]));

/** What one record asks: the entry, the state it leaves it in, and the state it came from. */
export interface TagChange {
  userId: string;
  activityId: string;
  target: Counted;
  assumed: Counted;
}

/** The change a time entry's stream record makes; undefined for any other item. */
export function tagChangeOf(record: DynamoDBRecord): TagChange | undefined {
  const oldItem = record.dynamodb?.OldImage && fromImage(record.dynamodb.OldImage as Image);
  const newItem = record.dynamodb?.NewImage && fromImage(record.dynamodb.NewImage as Image);
  const item = newItem ?? oldItem;
  if (item?.type !== 'TIME' || typeof item.userId !== 'string') return undefined;
  return {
    userId: item.userId,
    activityId: String(item.activityId),
    target: newItem ? liveState(newItem) : deletedState(oldItem as Record<string, unknown>),
    assumed: oldItem ? liveState(oldItem) : NOTHING_COUNTED,
  };
}

/** Entries applied at once (each a transaction; more only wait on each other's tag items). */
const PARALLEL = 4;

/**
 * Which of the `PARALLEL` lanes applies an entry's changes: entries of one user, day and first tag
 * share one, so entries that would race for the same tag day item (an import of one day's work
 * under one tag) are applied one after the other instead of losing races to each other; a race
 * that still happens (entries sharing a second tag) is read again and redone.
 */
function laneOf(changes: TagChange[]): number {
  const c = (changes.at(-1) as TagChange).target.count ?? (changes[0] as TagChange).assumed.count;
  const key = `${(changes[0] as TagChange).userId}#${c?.day ?? ''}#${c?.tags.map(foldTag).sort()[0] ?? ''}`;
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(hash) % PARALLEL;
}

/** What the handler answers Lambda: the records to deliver again (`reportBatchItemFailures`). */
export interface StreamBatchAnswer {
  batchItemFailures: { itemIdentifier: string }[];
}

/** A change with the stream record it came from (its sequence number is what a retry starts at). */
type Delivered = TagChange & { sequenceNumber: string };

/** One entry's records of a batch, folded into one move from the first's old state to the last's new one. */
type Folded = TagMove & { changes: Delivered[] };

/**
 * Applies each record of one entry after the other (`applyTagState`), what an entry the batch could
 * not move on together with others needs. Its first record that fails is reported, and Lambda
 * delivers it (and what follows it) again; records already applied are found current.
 */
async function applyApart(
  changes: Delivered[],
  counts: Record<TagApply, number>,
  failures: { itemIdentifier: string }[],
) {
  for (const c of changes) {
    try {
      const assumed = planTagRecord(c.assumed, c.target);
      // An entry without tags before and after: nothing of it is in the tag day items.
      if (assumed === 'skip') counts.current++;
      else counts[await applyTagState(c.userId, c.activityId, c.target, assumed)]++;
    } catch (error) {
      failures.push({ itemIdentifier: c.sequenceNumber });
      logger.error('tag rollup record failed', {
        activityId: c.activityId,
        sequenceNumber: c.sequenceNumber,
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
  }
}

async function apply(
  event: DynamoDBStreamEvent,
): Promise<StreamBatchAnswer & { counts: Record<TagApply, number> }> {
  const byEntry = new Map<string, Delivered[]>();
  for (const record of event.Records) {
    const change = tagChangeOf(record);
    if (!change) continue;
    const id = `${change.userId}#${change.activityId}`;
    const sequenceNumber = record.dynamodb?.SequenceNumber ?? record.eventID ?? '';
    byEntry.set(id, [...(byEntry.get(id) ?? []), { ...change, sequenceNumber }]);
  }
  const counts: Record<TagApply, number> = { applied: 0, current: 0, 'account-gone': 0 };
  const failures: { itemIdentifier: string }[] = [];
  const folded: Folded[] = [];
  for (const changes of byEntry.values()) {
    const [first, last] = [changes[0] as Delivered, changes.at(-1) as Delivered];
    const move = { ...first, assumed: assumedFrom(first.assumed), target: last.target, changes };
    // No tags before, between or after: nothing of the entry is in the tag day items.
    if (changes.every((c) => planTagRecord(c.assumed, c.target) === 'skip')) counts.current += changes.length;
    else if (countsInFull(move.assumed, move.target)) counts.current += changes.length;
    else folded.push(move);
  }
  // Together first, a transaction per group of entries (tag day items put back once each); what
  // could not go together, one by one, a few entries at a time.
  const lanes: Delivered[][][] = Array.from({ length: PARALLEL }, () => []);
  let together = 0;
  for (const group of packMoves(folded)) {
    const apart = new Set(await applyTogether(group));
    for (const move of group) {
      if (apart.has(move)) lanes[laneOf(move.changes)]?.push(move.changes);
      else counts.applied += move.changes.length;
    }
    together += group.length - apart.size;
  }
  await Promise.all(
    lanes.map(async (lane) => {
      for (const changes of lane) await applyApart(changes, counts, failures);
    }),
  );
  if (counts.applied > 0) logger.info('tag rollups applied', { ...counts, together });
  return { batchItemFailures: failures, counts };
}

export const handler = logged(apply);
