/** No imports: `functions/routes.ts` (read by the CDK app) takes it without the data layer. */

/**
 * The stream records the tag rollups need (Lambda event filters, any one matching): those of time
 * entries — inserted or changed (NEW_IMAGE) or deleted (OLD_IMAGE only).
 */
export const TAG_ROLLUP_STREAM_FILTERS: readonly Record<string, unknown>[] = [
  { dynamodb: { NewImage: { type: { S: ['TIME'] } } } },
  { dynamodb: { OldImage: { type: { S: ['TIME'] } } } },
];
