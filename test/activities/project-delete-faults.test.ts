import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { ddb } from '../../functions/data/client';
import { config } from '../../functions/lib/config';
import { call } from '../api';
import { expectTotalsConsistent, newProject, newUser, partition } from './helpers';

/** A second, unmocked client on the same DynamoDB Local: the mock forwards to it. */
const real = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: config.region,
    endpoint: config.dynamoDbEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);

const mock = mockClient(ddb);
afterEach(() => mock.restore());

function passThrough() {
  mock.on(GetCommand).callsFake((input) => real.send(new GetCommand(input)));
  mock.on(PutCommand).callsFake((input) => real.send(new PutCommand(input)));
  mock.on(UpdateCommand).callsFake((input) => real.send(new UpdateCommand(input)));
  mock.on(BatchWriteCommand).callsFake((input) => real.send(new BatchWriteCommand(input)));
  mock.on(TransactWriteCommand).callsFake((input) => real.send(new TransactWriteCommand(input)));
  mock.on(QueryCommand).callsFake((input) => real.send(new QueryCommand(input)));
}

describe('deleting a project when the index trails the table', () => {
  it('does not uncount an entry the index still lists after it was deleted', async () => {
    passThrough();
    const user = await newUser();
    const projectId = await newProject(user);
    const entries = [];
    for (let i = 0; i < 3; i++) {
      entries.push(
        (
          await call('POST', '/api/timeactivities', {
            token: user.token,
            body: { projectId, duration: 1000 },
          })
        ).body,
      );
    }
    const other = await newProject(user, 'Other');
    await call('POST', '/api/timeactivities', { token: user.token, body: { projectId: other, duration: 7 } });
    // A GSI read is eventually consistent: let the first index page still show an entry that is gone.
    const stale = { PK: `USER#${user.userId}`, SK: 'TIME#01STALESTALESTALESTALE0000' };
    let served = false;
    mock.on(QueryCommand).callsFake(async (input) => {
      const out = await real.send(new QueryCommand(input));
      if (
        input.IndexName === 'GSI1' &&
        !served &&
        String(input.ExpressionAttributeValues?.[':prefix']) === 'TIME#'
      ) {
        served = true;
        return { ...out, Items: [...(out.Items ?? []), stale] };
      }
      return out;
    });

    const res = await call('DELETE', `/api/projects/${projectId}`, { token: user.token });

    expect(res.status).toBe(200);
    expect(res.body.removedActivities).toBe(3);
    expect(served).toBe(true);
    const { times } = await expectTotalsConsistent(user.userId);
    expect(times).toHaveLength(1);
    expect((await partition(user.userId)).find((i) => i.SK === 'COUNTERS')).toMatchObject({
      projectCount: 1,
      activityCount: 1,
    });
  });
});
