/**
 * `node --import tsx bench/project-delete.ts [--size=100000]`: how a big project's deletion
 * behaves. Starts its own DynamoDB Local (in memory), bulk-seeds one project with `size` entries
 * over 12 months (as `npm run bench` does), then deletes it as `DELETE /api/projects/{id}` does
 * (tombstone + clean-up within the request budget) and lets the sweep finish it, run after run.
 * Prints the figures and writes `bench/results/project-delete.md`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { join, resolve } from 'node:path';
import { ensureTable, startDynamoDbLocal } from '../infra/local/dynamodb';

const ROOT = resolve(import.meta.dirname, '..');
const log = (line: string) => process.stdout.write(`${line}\n`);

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const arg = process.argv.find((a) => a.startsWith('--size='));
  const size = Number(arg ? arg.slice('--size='.length) : 100_000);
  const dynamo = await startDynamoDbLocal({ port: await freePort() });
  try {
    await ensureTable(dynamo.endpoint, 'bench');
    Object.assign(process.env, {
      TABLE_NAME: 'bench',
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      SES_ENDPOINT: 'http://127.0.0.1:9',
      AWS_REGION: 'us-east-1',
      APP_URL: 'http://localhost',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
    });
    const { seedUser } = await import('./charts');
    const { getUserById } = await import('../functions/data/users');
    const { listProjects } = await import('../functions/data/projects');
    const { deleteUserProject } = await import('../functions/domain/projects');
    const { sweepDeletions } = await import('../functions/domain/deletions');
    const { budgetOf, REQUEST_BUDGET_MS, SWEEP_BUDGET_MS } = await import('../functions/lib/budget');

    const seeded = await seedUser(size, new Date().toISOString().slice(0, 10));
    log(`seeded ${size} entries → ${seeded.seed.itemsWritten} items in ${seeded.seed.seconds.toFixed(1)} s`);
    const user = await getUserById(seeded.userId);
    if (!user) throw new Error('seeded user missing');

    let started = performance.now();
    const answer = await deleteUserProject(user, seeded.projectId);
    const requestMs = performance.now() - started;
    const gone = (await listProjects(seeded.userId)).length === 0;
    log(
      `request: ${requestMs.toFixed(0)} ms, ${answer.removedActivities} entries removed, project gone: ${gone}`,
    );

    const runs: { ms: number; finished: number }[] = [];
    started = performance.now();
    for (let run = 0; run < 20; run++) {
      const t = performance.now();
      const report = await sweepDeletions(budgetOf(SWEEP_BUDGET_MS));
      runs.push({ ms: performance.now() - t, finished: report.finished });
      log(`sweep run ${run + 1}: ${(runs.at(-1)!.ms / 1000).toFixed(1)} s, ${JSON.stringify(report)}`);
      if (report.pending === 0) break;
    }
    const sweepSeconds = (performance.now() - started) / 1000;
    const rest = size - answer.removedActivities;
    const markdown = [
      `# Deleting a project with ${size.toLocaleString('en-US')} entries (DynamoDB Local, this machine)`,
      '',
      `- Seeded: ${seeded.seed.itemsWritten.toLocaleString('en-US')} items (entries, rollups, task index) in ${seeded.seed.seconds.toFixed(1)} s.`,
      `- \`DELETE /api/projects/{id}\`: ${requestMs.toFixed(0)} ms (budget ${REQUEST_BUDGET_MS} ms); the project was gone for every reader after the first transaction; ${answer.removedActivities.toLocaleString('en-US')} entries removed within the request.`,
      `- Sweep (budget ${SWEEP_BUDGET_MS / 1000} s a run): ${runs.length} run(s), ${sweepSeconds.toFixed(1)} s for the remaining ${rest.toLocaleString('en-US')} entries and all rollups (${(rest / sweepSeconds).toFixed(0)} entries/s).`,
      '',
    ].join('\n');
    log(markdown);
    await mkdir(join(ROOT, 'bench/results'), { recursive: true });
    await writeFile(join(ROOT, 'bench/results/project-delete.md'), markdown);
  } finally {
    await dynamo.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
