import { describe, expect, it } from 'vitest';
import { targetTable } from './target-table';

describe("the operators' scripts' table (targetTable)", () => {
  it('is the local stack by default: DynamoDB Local on port 8000, table timeledger', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(targetTable(env)).toEqual({ table: 'timeledger', local: true });
    expect(env).toEqual({ DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000', TABLE_NAME: 'timeledger' });
  });

  it('follows DYNAMODB_PORT, and keeps a table and an endpoint that are set', () => {
    const onPort: NodeJS.ProcessEnv = { DYNAMODB_PORT: '8123' };
    expect(targetTable(onPort)).toEqual({ table: 'timeledger', local: true });
    expect(onPort.DYNAMODB_ENDPOINT).toBe('http://127.0.0.1:8123');

    const named: NodeJS.ProcessEnv = { TABLE_NAME: 'Tisch-ü', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9000' };
    expect(targetTable(named)).toEqual({ table: 'Tisch-ü', local: true });
    expect(named).toEqual({ TABLE_NAME: 'Tisch-ü', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9000' });
  });

  it('is the table on AWS when TABLE_NAME is set without DYNAMODB_ENDPOINT, and sets nothing', () => {
    const env: NodeJS.ProcessEnv = { TABLE_NAME: 'timeledger-prod', DYNAMODB_PORT: '8123' };
    expect(targetTable(env)).toEqual({ table: 'timeledger-prod', local: false });
    expect(env).toEqual({ TABLE_NAME: 'timeledger-prod', DYNAMODB_PORT: '8123' });
  });
});
