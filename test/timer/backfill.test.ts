import { CreateTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, inject, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { createTableInput } from '../../functions/data/core/table';
import { backfillSheetIndexes } from '../../functions/data/tracking/backfill-sheets';
import { readCsv } from '../../functions/domain/tracking/csv/csv';
import { ensureTable, localDynamoClient } from '../../infra/local/dynamodb';
import { newProject, newUser } from '../activities/helpers';
import { call } from '../api';

describe('upgrading a first-release table to the timesheet index', () => {
  it('adds the missing index to an existing table, as a deployment would', async () => {
    const client = localDynamoClient(inject('dynamoEndpoint'));
    const name = `${TABLE}-old`;
    const input = createTableInput(name);
    await client.send(
      new CreateTableCommand({
        ...input,
        GlobalSecondaryIndexes: input.GlobalSecondaryIndexes.filter((g) => g.IndexName === 'GSI1'),
        AttributeDefinitions: input.AttributeDefinitions.filter((a) => !a.AttributeName.startsWith('GSI2')),
      }),
    );

    const result = await ensureTable(inject('dynamoEndpoint'), name);

    expect(result).toEqual({ status: 'existing', indexesAdded: ['GSI2'] });
    const table = await client.send(new DescribeTableCommand({ TableName: name }));
    expect(table.Table?.GlobalSecondaryIndexes?.map((g) => g.IndexName).sort()).toEqual(['GSI1', 'GSI2']);
    client.destroy();
  });

  it('gives entries stored before the index its keys, so the timesheet lists them', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    // A time entry exactly as the first release stored it: no GSI2 keys, no search text.
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          PK: `USER#${user.userId}`,
          SK: 'TIME#01JB2QK5V0N8RM3W6T9XYZ4ABC',
          GSI1PK: `PROJECT#${projectId}`,
          GSI1SK: 'TIME#2025-10-02#01JB2QK5V0N8RM3W6T9XYZ4ABC',
          type: 'TIME',
          activityId: '01JB2QK5V0N8RM3W6T9XYZ4ABC',
          userId: user.userId,
          projectId,
          activity: 'Old Work',
          description: '',
          date: '2025-10-02T00:00:00.000Z',
          day: '2025-10-02',
          startTime: null,
          endTime: null,
          duration: 60_000,
          version: 1,
          createdAt: '2025-10-02T00:00:00.000Z',
          updatedAt: '2025-10-02T00:00:00.000Z',
        },
      }),
    );
    const query = { startdate: '2025-10-01', enddate: '2025-10-31', q: 'old work' };
    expect((await call('GET', '/api/timeactivities', { token: user.token, query })).body).toEqual([]);

    expect((await backfillSheetIndexes()).time).toBe(1);
    expect((await backfillSheetIndexes()).time).toBe(0);

    const listed = (await call('GET', '/api/timeactivities', { token: user.token, query })).body;
    expect(listed.map((e: { _id: string }) => e._id)).toEqual(['01JB2QK5V0N8RM3W6T9XYZ4ABC']);
  });

  it('gives income and expenses stored before the money sheet its keys, so the CSV export lists them by date', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const legacy = (id: string, day: string) => ({
      PK: `USER#${user.userId}`,
      SK: `FIN#${id}`,
      GSI1PK: `PROJECT#${projectId}`,
      GSI1SK: `FIN#${day}#${id}`,
      type: 'FIN',
      activityId: id,
      userId: user.userId,
      projectId,
      activity: 'Old invoice',
      description: '',
      date: `${day}T00:00:00.000Z`,
      day,
      amountCents: 12_345,
      expense: false,
      notes: '',
      version: 1,
      createdAt: `${day}T00:00:00.000Z`,
      updatedAt: `${day}T00:00:00.000Z`,
    });
    const ids = [ulid(), ulid()];
    await ddb.send(new PutCommand({ TableName: TABLE, Item: legacy(ids[0] as string, '2025-10-09') }));
    await ddb.send(new PutCommand({ TableName: TABLE, Item: legacy(ids[1] as string, '2025-10-01') }));
    const exported = async () =>
      (await call('GET', '/api/export/financeactivities.csv', { token: user.token })).body as string;
    expect(readCsv(await exported()).records).toEqual([]);

    expect((await backfillSheetIndexes()).finance).toBeGreaterThanOrEqual(2);

    const dates = readCsv(await exported()).records.map((r) => r.cells[1]);
    expect(dates).toEqual(['2025-10-01', '2025-10-09']);
    // The account export never depended on the index: it lists them before and after.
    const account = await call('GET', '/api/exportuserdata', { token: user.token });
    expect(account.body.financeActivities).toHaveLength(2);
  });
});
