import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OFFICIAL_DIR, parseOutput, VALIDATOR, VENDORED_DIR, validateBatch } from './validate';

/** Every file below `dir` with its SHA-256, by path relative to `dir`. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

describe('the e-invoice validator harness', () => {
  it('runs the official validator of ../shared/einvoice where it is, and the repository holds it unchanged', () => {
    if (existsSync(OFFICIAL_DIR)) {
      expect(VALIDATOR).toBe(join(OFFICIAL_DIR, 'validate'));
      // The copy a clean clone runs is the official one, file for file (rules, schemas, script).
      expect(tree(VENDORED_DIR)).toEqual(tree(OFFICIAL_DIR));
    } else {
      expect(VALIDATOR).toBe(join(VENDORED_DIR, 'validate'));
    }
    expect(Object.keys(tree(VENDORED_DIR)).length).toBeGreaterThan(10);
  });

  it('reports a document that is not well-formed XML, or not an invoice, as fatal and failed', async () => {
    const result = await validateBatch([
      { name: 'broken.xml', bytes: '<rsm:CrossIndustryInvoice><unclosed>' },
      { name: 'other.xml', bytes: '<?xml version="1.0"?><order/>' },
    ]);

    expect(result).toMatchObject({ passed: 0, failed: 2 });
    expect(result.errors.map((e) => [e.document, e.flag, e.rule]).sort()).toEqual([
      ['broken.xml', 'fatal', 'XML'],
      ['other.xml', 'fatal', 'SYNTAX'],
    ]);
  });

  it('reports a PDF without an embedded invoice as fatal', async () => {
    const result = await validateBatch([
      { name: 'plain.pdf', bytes: '%PDF-1.7\n%%EOF\n', en16931Only: true },
    ]);

    expect(result).toMatchObject({ passed: 0, failed: 1 });
    expect(result.errors[0]).toMatchObject({ document: 'plain.pdf', flag: 'fatal', rule: 'PDF-XML' });
  });

  it('reads each failed rule and the counts from the output, naming documents as the caller did', () => {
    const names = new Map([['/tmp/x/a.xml', 'a.xml']]);
    const parsed = parseOutput(
      [
        '/tmp/x/a.xml  fatal  BR-CO-15  [BR-CO-15] Invoice total amount with VAT = …',
        '/tmp/x/a.xml  warning  BR-DE-21  [BR-DE-21] Das Element …',
        '/tmp/x/a.xml  fatal  XSD :12: element Name: Schemas validity error',
        '0 passed, 1 failed',
      ].join('\n'),
      names,
    );

    expect(parsed.passed).toBe(0);
    expect(parsed.failed).toBe(1);
    expect(parsed.failures.map((f) => [f.document, f.flag, f.rule])).toEqual([
      ['a.xml', 'fatal', 'BR-CO-15'],
      ['a.xml', 'warning', 'BR-DE-21'],
      ['a.xml', 'fatal', 'XSD'],
    ]);
  });

  it('refuses a batch with two documents of the same name', async () => {
    await expect(
      validateBatch([
        { name: 'a.xml', bytes: '<a/>' },
        { name: 'a.xml', bytes: '<b/>' },
      ]),
    ).rejects.toThrow(/not a unique/);
  });
});
