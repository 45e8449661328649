/**
 * The one definition of Timeledger's single DynamoDB table. The CDK stack, the local stack and
 * the test setup all build the table from this object, so the three can never drift apart.
 * The key patterns and access patterns live in `./README.md` beside this file.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds; DynamoDB TTL removes tokens and rate-limit counters after this moment. */
  timeToLiveAttribute: 'expiresAt',
  /**
   * The table's stream: each changed item as it was before the change and as it is after. The
   * budget-alert function reads the new images; the per-tag report rollups take the difference of
   * the two (Lambda's event source mappings on AWS, `infra/local/stream-feed.ts` on DynamoDB Local).
   */
  streamViewType: 'NEW_AND_OLD_IMAGES',
  globalSecondaryIndexes: [
    {
      /**
       * Activities of one project ordered by date: `PROJECT#<projectId>` / `<KIND>#<date>#<id>`;
       * and the pending deletions (tombstones), oldest first: `DELETION` / `<deletedAt>#<PK>#<SK>`.
       */
      indexName: 'GSI1',
      partitionKey: 'GSI1PK',
      sortKey: 'GSI1SK',
    },
    {
      /**
       * A user's time entries across projects ordered by day (the timesheet):
       * `TIMESHEET#<userId>` / `<yyyy-mm-dd>#<activityId>`.
       */
      indexName: 'GSI2',
      partitionKey: 'GSI2PK',
      sortKey: 'GSI2SK',
    },
  ],
} as const;

export type IndexName = (typeof TABLE_DEFINITION.globalSecondaryIndexes)[number]['indexName'];

/** CreateTable input for DynamoDB Local and the tests (on AWS, CDK builds it from the same object). */
export function createTableInput(tableName: string) {
  const attributeNames = new Set<string>([TABLE_DEFINITION.partitionKey, TABLE_DEFINITION.sortKey]);
  for (const gsi of TABLE_DEFINITION.globalSecondaryIndexes) {
    attributeNames.add(gsi.partitionKey);
    attributeNames.add(gsi.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_DEFINITION.streamViewType },
    AttributeDefinitions: [...attributeNames].map((AttributeName) => ({
      AttributeName,
      AttributeType: 'S' as const,
    })),
    KeySchema: [
      { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: TABLE_DEFINITION.globalSecondaryIndexes.map((gsi) => ({
      IndexName: gsi.indexName,
      KeySchema: [
        { AttributeName: gsi.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: gsi.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
