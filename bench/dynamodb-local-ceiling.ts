/**
 * The ceiling DynamoDB Local puts on transactional writes (issue 39): how many `TransactWriteItems`
 * per second it stores with 1, 5, 10 and 13 items per transaction (a conditional put of the entry
 * and `ADD` updates of rollup items, the shape of a time entry's write), one at a time and 20 at a
 * time, on the table the stack defines (its indexes and stream included). No API, no Node work
 * beyond the SDK: what the load bench (`bench/load.ts`) can reach at best with writes of that size.
 *
 *   node --import tsx bench/dynamodb-local-ceiling.ts [--seconds=5]
 *
 * Bounded: each cell runs `seconds` (≤ 30) after a warm-up of the same length for the JVM; only
 * 127.0.0.1 is called. Results: `bench/results/dynamodb-local-ceiling.md` and `.json`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable, startDynamoDbLocal } from '../infra/local/dynamodb';
import { freePort, RESULTS } from './stack';

const TABLE = 'ceiling-bench';
const listArg = (name: string, fallback: number[]) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return arg ? arg.split(',').map(Number) : fallback;
};
/** Items per transaction (≤ 100, DynamoDB's limit) and transactions in flight; `--sizes=`, `--concurrency=`. */
const SIZES = listArg('sizes', [1, 5, 10, 13]).map((n) => Math.min(100, Math.max(1, n)));
const CONCURRENCY = listArg('concurrency', [1, 20]).map((n) => Math.min(50, Math.max(1, n)));

interface Cell {
  items: number;
  concurrency: number;
  perSecond: number;
}

function transaction(items: number, user: number, id: number) {
  return new TransactWriteCommand({
    TransactItems: Array.from({ length: items }, (_, i) =>
      i === 0
        ? {
            Put: {
              TableName: TABLE,
              Item: { PK: `U#${user}`, SK: `E#${id}`, GSI1PK: `U#${user}`, GSI1SK: `D#${id}`, seconds: 60 },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          }
        : {
            Update: {
              TableName: TABLE,
              Key: { PK: `U#${user}`, SK: `R#${i}#${id % 7}` },
              UpdateExpression: 'ADD seconds :s',
              ExpressionAttributeValues: { ':s': 60 },
            },
          },
    ),
  });
}

async function main() {
  const secondsArg = process.argv.find((a) => a.startsWith('--seconds='))?.slice(10);
  const seconds = Math.min(30, Math.max(1, Number(secondsArg ?? '5')));
  const port = await freePort();
  const db = await startDynamoDbLocal({ port });
  const endpoint = `http://127.0.0.1:${port}`;
  const before = loadavg().map((l) => l.toFixed(2));
  try {
    await ensureTable(endpoint, TABLE);
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint,
        region: 'local',
        credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' },
      }),
    );
    let next = 0;
    const run = async (items: number, concurrency: number) => {
      const until = performance.now() + seconds * 1000;
      let count = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async (_, user) => {
          while (performance.now() < until && count < 100_000) {
            await doc.send(transaction(items, user, next++));
            count++;
          }
        }),
      );
      return count / seconds;
    };
    await run(10, 20); // warm-up: the JVM compiles the write path
    const cells: Cell[] = [];
    for (const items of SIZES)
      for (const concurrency of CONCURRENCY) {
        const perSecond = await run(items, concurrency);
        cells.push({ items, concurrency, perSecond });
        process.stdout.write(
          `${items} items, ${concurrency} at a time: ${perSecond.toFixed(1)} transactions/s\n`,
        );
      }
    const note = `Run ${new Date().toISOString()} on ${cpus().length} CPU, Node ${process.version}, DynamoDB Local in memory; load average ${before.join(', ')} before, ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} after; ${seconds} s per cell after a warm-up.`;
    const rows = SIZES.map(
      (items) =>
        `| ${items} | ${CONCURRENCY.map((c) => cells.find((x) => x.items === items && x.concurrency === c)?.perSecond.toFixed(1)).join(' | ')} |`,
    );
    const markdown = [
      '# DynamoDB Local’s ceiling for transactional writes',
      '',
      note,
      '',
      `| items per transaction | ${CONCURRENCY.map((c) => `${c} at a time (tx/s)`).join(' | ')} |`,
      `| ---: | ${CONCURRENCY.map(() => '---:').join(' | ')} |`,
      ...rows,
      '',
    ].join('\n');
    await mkdir(RESULTS, { recursive: true });
    await writeFile(join(RESULTS, 'dynamodb-local-ceiling.md'), markdown);
    await writeFile(
      join(RESULTS, 'dynamodb-local-ceiling.json'),
      `${JSON.stringify({ note, cells }, null, 2)}\n`,
    );
  } finally {
    await db.stop();
  }
}

await main();
