/**
 * `node --import tsx bench/project-delete.ts [--size=100000]`: how a big project's deletion
 * behaves. Starts the bench stack (DynamoDB Local in memory), bulk-seeds one project with `size`
 * entries over 12 months (as `npm run bench` does), then deletes it as `DELETE /api/projects/{id}`
 * does — the tombstone transaction, then clean-up within the request budget — and lets the sweep
 * finish it, run after run. Prints the figures and writes `bench/results/project-delete.md`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RESULTS, startBenchStack } from './stack';

const log = (line: string) => process.stdout.write(`${line}\n`);
const fmt = (n: number) => n.toLocaleString('en-US');

async function main() {
  const arg = process.argv.find((a) => a.startsWith('--size='));
  const size = Number(arg ? arg.slice('--size='.length) : 100_000);
  const stack = await startBenchStack();
  try {
    const { seedUser } = await import('./charts');
    const { listProjects } = await import('../functions/data/tracking/projects');
    const { tombstoneProject } = await import('../functions/data/tracking/project-tombstones');
    const { finishProjectDeletion } = await import('../functions/domain/tracking/projects');
    const { sweepDeletions } = await import('../functions/domain/account/deletions');
    const { budgetOf, REQUEST_BUDGET_MS, SWEEP_BUDGET_MS } = await import('../functions/lib/budget');

    const seeded = await seedUser(size, new Date().toISOString().slice(0, 10));
    log(
      `seeded ${fmt(size)} entries → ${fmt(seeded.seed.itemsWritten)} items in ${seeded.seed.seconds.toFixed(1)} s`,
    );

    // What `deleteUserProject` does, timed in its two parts.
    const started = performance.now();
    const budget = budgetOf(REQUEST_BUDGET_MS);
    const deletedAt = new Date().toISOString();
    if (!(await tombstoneProject(seeded.userId, seeded.projectId, deletedAt))) throw new Error('not deleted');
    const goneMs = performance.now() - started;
    const gone = (await listProjects(seeded.userId)).length === 0;
    const inRequest = await finishProjectDeletion(seeded.userId, seeded.projectId, deletedAt, budget);
    const requestMs = performance.now() - started;
    log(
      `tombstone ${goneMs.toFixed(0)} ms (gone: ${gone}); request ${requestMs.toFixed(0)} ms, ${fmt(inRequest.removedActivities)} removed`,
    );

    const runs: number[] = [];
    const sweepStarted = performance.now();
    for (let run = 0; run < 20; run++) {
      const t = performance.now();
      const report = await sweepDeletions(budgetOf(SWEEP_BUDGET_MS));
      runs.push(performance.now() - t);
      log(
        `sweep run ${run + 1}: ${((performance.now() - t) / 1000).toFixed(1)} s, ${JSON.stringify(report)}`,
      );
      if (report.pending === 0) break;
    }
    const sweepSeconds = (performance.now() - sweepStarted) / 1000;
    const rest = size - inRequest.removedActivities;
    const markdown = [
      `# Deleting a project with ${fmt(size)} entries (DynamoDB Local, this machine)`,
      '',
      `- Seeded: ${fmt(seeded.seed.itemsWritten)} items (entries, rollups, task index) in ${seeded.seed.seconds.toFixed(1)} s.`,
      `- The tombstone transaction: ${goneMs.toFixed(0)} ms; after it the project was in no list (${gone}).`,
      `- The request as a whole (tombstone + clean-up in a ${REQUEST_BUDGET_MS} ms budget): ${requestMs.toFixed(0)} ms, ${fmt(inRequest.removedActivities)} entries removed.`,
      `- Sweep (budget ${SWEEP_BUDGET_MS / 1000} s a run): ${runs.length} run(s), ${sweepSeconds.toFixed(1)} s for the remaining ${fmt(rest)} entries and all rollups (${(rest / sweepSeconds).toFixed(0)} entries/s).`,
      '',
    ].join('\n');
    log(markdown);
    await mkdir(RESULTS, { recursive: true });
    await writeFile(join(RESULTS, 'project-delete.md'), markdown);
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
