import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EInvoiceDocument, TaxCategory } from '../../functions/domain/billing/einvoice/document';
import { xrechnungCii } from '../../functions/domain/billing/einvoice/xrechnung';
import { documentArb } from './arbitraries';
import { sampleDocument } from './samples';
import { type BatchDocument, describeErrors, validateBatch } from './validate';

/**
 * Every generated document, as XRechnung CII, through the official rules in one validator call:
 * each tax treatment, invoices and credit notes, 1–200 lines, hostile text. FULL=1 generates more.
 */

const RUNS = process.env.FULL === '1' ? 120 : 12;
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
  ];
}

const xmlBatch = (docs: EInvoiceDocument[]): BatchDocument[] =>
  docs.map((doc, i) => ({ name: `cii-${i}.xml`, bytes: xrechnungCii(doc) }));

describe('XRechnung documents, through the official rules', () => {
  it('passes every generated invoice and credit note with no fatal or error (one validator run)', async () => {
    const docs = generated();
    const categories = new Set(docs.map((d) => d.taxCategory));
    expect([...categories].sort()).toEqual(['AE', 'E', 'O', 'S', 'Z']);

    const result = await validateBatch(xmlBatch(docs));

    expect(result.errors, `seed ${SEED}:\n${describeErrors(result)}`).toEqual([]);
    expect(result).toMatchObject({ passed: docs.length, failed: 0 });
  }, 240_000);

  it('fails a document whose total is broken, or whose IBAN is dropped (the harness can fail)', async () => {
    const good = sampleDocument('S');
    const brokenTotal = {
      ...good,
      totals: { ...good.totals, grossCents: good.totals.grossCents + 1, dueCents: good.totals.dueCents + 1 },
    };
    const noIban = { ...good, seller: { ...good.seller, iban: '' } };

    const result = await validateBatch([
      { name: 'good.xml', bytes: xrechnungCii(good) },
      { name: 'total.xml', bytes: xrechnungCii(brokenTotal) },
      { name: 'iban.xml', bytes: xrechnungCii(noIban) },
    ]);

    expect(result).toMatchObject({ passed: 1, failed: 2 });
    const rules = (doc: string) => result.errors.filter((e) => e.document === doc).map((e) => e.rule);
    expect(rules('good.xml')).toEqual([]);
    expect(rules('total.xml')).toContain('BR-CO-15');
    expect(rules('iban.xml')).toContain('BR-DE-23-a');
  }, 120_000);
});
