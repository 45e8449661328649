import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs the official e-invoice rules (`../shared/einvoice/validate`, or its copy `vendor/einvoice`: the CII schema, EN 16931 and
 * XRechnung 3.0, as KoSIT's validator applies them) over a whole batch of documents at once: each
 * rule set costs about 5 s to load, so a test writes all its documents and validates them in one
 * call per rule selection (XML with the XRechnung rules, PDFs with `--en16931-only`), never one
 * call per document.
 */

/** The official validator beside the checkout, as the specification names it (`../shared/einvoice`). */
export const OFFICIAL_DIR = join(import.meta.dirname, '../../../shared/einvoice');
/** The repository's copy of it, file for file (`validate.test.ts` compares them): a clean clone has only this. */
export const VENDORED_DIR = join(import.meta.dirname, '../../vendor/einvoice');
export const VALIDATOR = join(existsSync(OFFICIAL_DIR) ? OFFICIAL_DIR : VENDORED_DIR, 'validate');

export type Flag = 'fatal' | 'error' | 'warning' | 'information';

export interface RuleFailure {
  /** The document's name as given to `validateBatch`. */
  document: string;
  flag: Flag;
  /** The rule's id (`BR-CO-15`, `BR-DE-23-a`, `XSD`, `XML`, `PDF-XML`, …). */
  rule: string;
  message: string;
}

export interface BatchResult {
  passed: number;
  failed: number;
  /** Every failed rule, warnings and information included. */
  failures: RuleFailure[];
  /** The failures flagged fatal or error: what makes a document invalid. */
  errors: RuleFailure[];
  /** The validator's own output, for a failing test's message. */
  output: string;
}

export interface BatchDocument {
  /** A file name, unique in the batch, ending `.xml` or `.pdf`. */
  name: string;
  bytes: Uint8Array | string;
  /** Only the EN 16931 rules (a Factur-X PDF, which does not claim XRechnung). */
  en16931Only?: boolean;
}

const LINE = /^(.+?) {2}(fatal|error|warning|information) {2}(\S+)\s+(.*)$/;
const SUMMARY = /^(\d+) passed, (\d+) failed$/m;

interface RunOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Each rule set runs in a JVM of its own for a few seconds: Java's optimising compiler (C2) would
 * spend more CPU compiling than it saves in that time, so the validator's JVMs stop at the quick
 * compiler (C1) and collect garbage on one thread. Measured on 6 documents, two cores: 15.6 s of
 * CPU and 9.6 s of wall time per call before, 8.7 s and 7.0 s after; the rules' results are the
 * same (the validator's own tests check it catches what it must).
 */
const JAVA_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

function run(args: string[]): Promise<RunOutput> {
  return new Promise((resolve) => {
    const options = {
      maxBuffer: 64 * 1024 * 1024,
      timeout: 300_000,
      env: { ...process.env, JAVA_TOOL_OPTIONS: JAVA_OPTIONS },
    };
    execFile(VALIDATOR, args, options, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Parses one run's output, naming each document as the caller did (not by its temp path). */
export function parseOutput(stdout: string, names: Map<string, string>): Omit<BatchResult, 'errors'> {
  const summary = stdout.match(SUMMARY);
  if (!summary) throw new Error(`validate printed no "N passed, N failed" line:\n${stdout}`);
  const failures: RuleFailure[] = [];
  for (const line of stdout.split('\n')) {
    const m = line.match(LINE);
    if (!m) continue;
    failures.push({
      document: names.get(m[1]!) ?? m[1]!,
      flag: m[2] as Flag,
      rule: m[3]!,
      message: m[4]!,
    });
  }
  return { passed: Number(summary[1]), failed: Number(summary[2]), failures, output: stdout };
}

async function validateGroup(dir: string, docs: BatchDocument[], en16931Only: boolean) {
  const names = new Map<string, string>();
  const paths: string[] = [];
  for (const doc of docs) {
    const path = join(dir, doc.name);
    await writeFile(path, doc.bytes);
    names.set(path, doc.name);
    paths.push(path);
  }
  const out = await run(en16931Only ? ['--en16931-only', ...paths] : paths);
  // Exit 2: the validator itself could not run (no Saxon, no xmllint, a rule set that failed).
  if (out.code !== 0 && out.code !== 1) {
    throw new Error(`validate exited ${out.code}:\n${out.stdout}\n${out.stderr}`);
  }
  return parseOutput(out.stdout, names);
}

/**
 * Validates every document of the batch: the XML ones in one call with all rule sets, the
 * `en16931Only` ones (PDFs) in one more. Answers the counts and every failed rule.
 */
export async function validateBatch(docs: BatchDocument[]): Promise<BatchResult> {
  const seen = new Set<string>();
  for (const doc of docs) {
    if (seen.has(doc.name) || !/^[\w.-]+\.(xml|pdf)$/.test(doc.name)) {
      throw new Error(`validateBatch: "${doc.name}" is not a unique plain .xml or .pdf name`);
    }
    seen.add(doc.name);
  }
  const dir = await mkdtemp(join(tmpdir(), 'einvoice-'));
  try {
    const groups = [false, true]
      .map((only) => ({ only, docs: docs.filter((d) => (d.en16931Only ?? false) === only) }))
      .filter((g) => g.docs.length > 0);
    const results = [];
    for (const g of groups) results.push(await validateGroup(dir, g.docs, g.only));
    const failures = results.flatMap((r) => r.failures);
    return {
      passed: results.reduce((n, r) => n + r.passed, 0),
      failed: results.reduce((n, r) => n + r.failed, 0),
      failures,
      errors: failures.filter((f) => f.flag === 'fatal' || f.flag === 'error'),
      output: results.map((r) => r.output).join('\n'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The errors of a batch, one per line, for an assertion's message. */
export const describeErrors = (result: BatchResult) =>
  result.errors.map((f) => `${f.document}  ${f.flag}  ${f.rule}  ${f.message}`).join('\n');
