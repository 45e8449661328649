import { queryAll } from '../core/query';
import type { RollupFamily } from './rollup-family';

/**
 * The generic READER of the rollup families (`./rollup-registry.ts`): every range read of a
 * family is ONE Query of the scope's items between two periods,
 *
 *   `USER#<uid>` / SK BETWEEN <family's key of the first period> AND <… of the last period>
 *
 * (the range from the family's descriptor, made by `../core/keys.ts`), so its size depends on the
 * periods and the groups in them, never on how many entries the history holds. The families'
 * own readers (`./rollup-queries.ts`, `./report-queries.ts`, `./tax-months.ts`) name what they
 * project and turn items into rows.
 */

/** What a range read takes of each item (all of it when absent). */
export interface RangeProjection {
  expression: string;
  names?: Record<string, string>;
}

/**
 * Access pattern: the items of `family` in one scope (a project; the tag day items: a folded tag)
 * for the periods `first` to `last` (inclusive), every page.
 */
export async function queryRollupRange(
  family: RollupFamily,
  userId: string,
  scope: string,
  first: string,
  last: string,
  projection?: RangeProjection,
): Promise<Record<string, unknown>[]> {
  if (!family.read) throw new Error(`The ${family.name} rollups are not read by period`);
  const { PK, from, to } = family.read.range(userId, scope, first, last);
  return queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': PK, ':from': from, ':to': to },
    ...(projection ? { ProjectionExpression: projection.expression } : {}),
    ...(projection?.names ? { ExpressionAttributeNames: projection.names } : {}),
  });
}
