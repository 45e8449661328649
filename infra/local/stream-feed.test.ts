import { beforeAll, describe, expect, it } from 'vitest';
import { STREAM_CONSUMERS } from '../../functions/routes';
import { enableStream } from './dynamodb';
import { feedStream } from './stream-feed';

/** The stream feed `npm start` runs, on this file's table in DynamoDB Local. */
const endpoint = () => process.env.DYNAMODB_ENDPOINT ?? '';
const table = () => process.env.TABLE_NAME ?? '';

beforeAll(async () => {
  await enableStream(endpoint(), table());
});

describe('waiting for a quiet stream', () => {
  it('resolves once a poll after the call found nothing new', async () => {
    const feed = await feedStream(endpoint(), table(), STREAM_CONSUMERS, 20);
    try {
      await expect(feed.quiet()).resolves.toBeUndefined();
    } finally {
      await feed();
    }
  });

  it('refuses, rather than waiting for ever, when the feed stops first or has stopped', async () => {
    const feed = await feedStream(endpoint(), table(), STREAM_CONSUMERS, 60_000);
    // The first poll has begun before the call: only a later one could answer it, and none comes.
    const waiting = feed.quiet();
    await feed();
    await expect(waiting).rejects.toThrow('The stream feed was stopped');
    await expect(feed.quiet()).rejects.toThrow('The stream feed was stopped');
  });
});
