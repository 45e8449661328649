/**
 * `node --import tsx bench/invoice-pdf-run.ts [--requests=10]`: only the invoice PDF benchmark
 * (`bench/invoice-pdf.ts`) on its own stack; `npm run bench` runs it among the others.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { RESULTS, startBenchStack } from './stack';

const arg = process.argv.find((a) => a.startsWith('--requests='));
const stack = await startBenchStack();
try {
  const { benchInvoicePdf } = await import('./invoice-pdf');
  const before = loadavg();
  const result = await benchInvoicePdf({
    baseUrl: stack.baseUrl,
    requests: arg ? Number(arg.slice(11)) : 10,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const machine = `${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`;
  const load = `load average ${before.map((l) => l.toFixed(2)).join(', ')} before, ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} after`;
  await mkdir(RESULTS, { recursive: true });
  await writeFile(
    join(RESULTS, 'invoice-pdf.md'),
    `# Invoice PDF benchmark\n\nRun ${new Date().toISOString()} on ${machine}; ${load}.\n\n${result.markdown}\n`,
  );
} finally {
  await stack.stop();
}
