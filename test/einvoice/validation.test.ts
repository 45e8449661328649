import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EInvoiceDocument, TaxCategory } from '../../functions/domain/billing/einvoice/document';
import { facturxPdf } from '../../functions/domain/billing/einvoice/facturx';
import { xrechnungUbl } from '../../functions/domain/billing/einvoice/ubl';
import { xrechnungCii } from '../../functions/domain/billing/einvoice/xrechnung';
import { FULL, runs } from '../runs';
import { documentArb } from './arbitraries';
import { expenseInvoiceDocuments } from './expense-invoices';
import { sampleDocument } from './samples';
import { type BatchDocument, type BatchResult, describeErrors, validateBatch } from './validate';

/**
 * Every generated document, as XRechnung CII, XRechnung UBL and Factur-X PDF, through the official
 * rules in one batch for the whole file (loading a rule set costs ~5 s; `validateBatch` makes one
 * validator call for the XML and one, `--en16931-only`, for the PDFs): each tax treatment, invoices
 * and credit notes, 1–200 lines, hostile text; beside them the documents that must fail. FULL=1
 * generates more; SEED=n repeats a run.
 */

const RUNS = runs(120, 12);
const SEED = Number(process.env.SEED ?? Date.now() % 2 ** 31);

function generated(): EInvoiceDocument[] {
  const sample = <T>(arb: fc.Arbitrary<T>, numRuns: number, offset: number) =>
    fc.sample(arb, { numRuns, seed: SEED + offset });
  const categories: TaxCategory[] = ['S', 'Z', 'E', 'AE', 'O'];
  return [
    // One of each treatment, as invoice and as credit note, so none is left to chance.
    ...categories.flatMap((c) => [
      sampleDocument(c),
      sampleDocument(c, {
        kind: 'creditNote',
        language: 'en',
        number: 'RE-2026-0043',
        precedingInvoice: { number: 'RE-2026-0042', issueDate: '2026-03-02' },
      }),
    ]),
    ...sample(documentArb({ minLines: 200, maxLines: 200 }), 1, 1),
    ...sample(documentArb(), RUNS, 2),
    // Expenses re-billed at cost (issue 36): the app's expense lines in each tax treatment.
    ...expenseInvoiceDocuments(SEED + 3),
  ];
}

const good = sampleDocument('S');
/** Documents that must fail, each with the rule that must catch it. */
const BROKEN: { name: string; doc: EInvoiceDocument; rule: string }[] = [
  {
    name: 'total',
    doc: {
      ...good,
      totals: { ...good.totals, grossCents: good.totals.grossCents + 1, dueCents: good.totals.dueCents + 1 },
    },
    rule: 'BR-CO-15',
  },
  { name: 'iban', doc: { ...good, seller: { ...good.seller, iban: '' } }, rule: 'BR-DE-23-a' },
];

const docs = generated();
/**
 * The PDFs: every treatment as invoice and credit note and a few generated documents (all with
 * FULL=1); drawing a 200-line PDF of hostile text takes far longer than its XML.
 */
const pdfDocs = FULL ? docs : [...docs.slice(0, 10), ...docs.slice(11, 15)];
let result: BatchResult;
const errorsOf = (name: string) => result.errors.filter((e) => e.document === name).map((e) => e.rule);

beforeAll(async () => {
  const batch: BatchDocument[] = [
    ...docs.flatMap((doc, i) => [
      { name: `cii-${i}.xml`, bytes: xrechnungCii(doc) },
      { name: `ubl-${i}.xml`, bytes: xrechnungUbl(doc) },
    ]),
    ...(await Promise.all(
      pdfDocs.map(async (doc, i) => ({
        name: `facturx-${i}.pdf`,
        bytes: (await facturxPdf(doc)).bytes,
        en16931Only: true,
      })),
    )),
    ...BROKEN.flatMap(({ name, doc }) => [
      { name: `broken-cii-${name}.xml`, bytes: xrechnungCii(doc) },
      { name: `broken-ubl-${name}.xml`, bytes: xrechnungUbl(doc) },
    ]),
    { name: 'broken-facturx-total.pdf', bytes: (await facturxPdf(BROKEN[0]!.doc)).bytes, en16931Only: true },
  ];
  result = await validateBatch(batch);
}, 600_000);

describe('e-invoices through the official rules (EN 16931, XRechnung 3.0)', () => {
  it('generates every tax treatment, credit notes and a 200-line invoice', () => {
    expect(new Set(docs.map((d) => d.taxCategory))).toEqual(new Set(['S', 'Z', 'E', 'AE', 'O']));
    expect(docs.some((d) => d.kind === 'creditNote')).toBe(true);
    expect(Math.max(...docs.map((d) => d.lines.length))).toBe(200);
    const rebilled = docs.filter((d) => d.number.startsWith('AUS-'));
    expect(new Set(rebilled.map((d) => d.taxCategory))).toEqual(new Set(['S', 'Z', 'E', 'AE', 'O']));
    expect(
      rebilled.every((d) =>
        d.lines.slice(1).every((l) => l.unit === 'C62' && l.quantityThousandths === 1000),
      ),
    ).toBe(true);
  });

  it('passes every generated invoice and credit note as CII, UBL and Factur-X PDF: no fatal, no error', () => {
    const generatedErrors = result.errors.filter((e) => !e.document.startsWith('broken-'));
    expect(generatedErrors, `seed ${SEED}:\n${describeErrors(result)}`).toEqual([]);
    expect(result.passed).toBe(docs.length * 2 + pdfDocs.length);
  });

  it('fails a document whose total is broken, or whose IBAN is dropped (the harness can fail)', () => {
    for (const { name, rule } of BROKEN) {
      expect(errorsOf(`broken-cii-${name}.xml`)).toContain(rule);
      expect(errorsOf(`broken-ubl-${name}.xml`).length).toBeGreaterThan(0);
    }
    expect(errorsOf('broken-ubl-total.xml')).toContain('BR-CO-15');
    expect(errorsOf('broken-facturx-total.pdf')).toContain('BR-CO-15');
    expect(result.failed).toBe(BROKEN.length * 2 + 1);
  });
});
