import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EInvoiceDocument } from '../../functions/domain/billing/einvoice/document';
import { facturxCii, facturxPdf } from '../../functions/domain/billing/einvoice/facturx';
import { runs } from '../runs';
import { documentArb } from './arbitraries';
import { line, sampleDocument } from './samples';

/**
 * The Factur-X PDF read back with poppler, as a buyer's software and a person would: the embedded
 * `factur-x.xml`, the PDF/A-3 and Factur-X XMP, embedded fonts only, and the visible text.
 */

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'facturx-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function written(doc: EInvoiceDocument, name: string) {
  const path = join(dir, name);
  const { bytes } = await facturxPdf(doc);
  await writeFile(path, bytes);
  return { path, bytes };
}

/** pdftotext's text with every run of white space (no-break spaces too) as one space. */
async function textOf(path: string) {
  const { stdout } = await run('pdftotext', ['-layout', path, '-']);
  return squash(stdout);
}
const squash = (text: string) => text.replace(/[\s\u00A0\u202F]+/g, ' ');

const moneyDe = (cents: number, currency = 'EUR') =>
  squash(new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(cents / 100));
const moneyEn = (cents: number, currency = 'EUR') =>
  squash(new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(cents / 100));

const invoice = sampleDocument('S', { notes: 'Vielen Dank für den Auftrag!' }, [
  line('Website-Relaunch', 12_500, 9_000),
  line('Hosting März', 1000, 4_999, 'C62'),
  line('Workshop vor Ort', 2000, 80_000, 'DAY'),
]);

describe('the Factur-X PDF', () => {
  it('embeds the EN 16931 CII as factur-x.xml, byte for byte', async () => {
    const { path } = await written(invoice, 'embed.pdf');

    const list = await run('pdfdetach', ['-list', path]);
    expect(list.stdout).toMatch(/^1: factur-x\.xml$/m);
    await run('pdfdetach', ['-save', '1', '-o', join(dir, 'out.xml'), path]);
    expect(await readFile(join(dir, 'out.xml'), 'utf8')).toBe(facturxCii(invoice));
    expect(facturxCii(invoice)).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
  });

  it('declares PDF/A-3B and the Factur-X document in its XMP, with an sRGB output intent and Alternative relationship', async () => {
    const { path, bytes } = await written(invoice, 'xmp.pdf');

    const { stdout: xmp } = await run('pdfinfo', ['-meta', path]);
    for (const part of [
      '<pdfaid:part>3</pdfaid:part>',
      '<pdfaid:conformance>B</pdfaid:conformance>',
      '<fx:DocumentType>INVOICE</fx:DocumentType>',
      '<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>',
      '<fx:Version>1.0</fx:Version>',
      '<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>',
      '<pdfaSchema:prefix>fx</pdfaSchema:prefix>',
    ]) {
      expect(xmp).toContain(part);
    }
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw).toContain('/AFRelationship /Alternative');
    expect(raw).toMatch(/\/AF \[ ?\d+ 0 R ?\]/);
    expect(raw).toContain('/S /GTS_PDFA1');
    expect(raw).toMatch(/\/ID \[ ?<[0-9A-Fa-f]{32}> <[0-9A-Fa-f]{32}> ?\]/);
  });

  it('embeds every font it uses', async () => {
    const doc = sampleDocument('S', { notes: '漢字かな 中文 Ελληνικά 😀' });
    const { path } = await written(doc, 'fonts.pdf');

    const { stdout } = await run('pdffonts', [path]);
    const rows = stdout
      .split('\n')
      .slice(2)
      .filter((r) => r.trim() !== '');
    expect(rows.length).toBeGreaterThan(1);
    // pdffonts' columns end: emb sub uni object generation; every font must be embedded.
    for (const row of rows) expect(row).toMatch(/\s+yes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
  });

  it('shows a German invoice: title, parties with USt-IdNr. and Steuernummer, dates, every line, VAT, totals, note', async () => {
    const { path } = await written(invoice, 'de.pdf');

    const text = await textOf(path);
    for (const part of [
      'Rechnung RE-2026-0042',
      'Jana Schmidt Webentwicklung',
      'Beispiel GmbH',
      'USt-IdNr.: DE123456789',
      'Steuernummer: 12/345/67890',
      'USt-IdNr.: ATU12345678',
      'Rechnungsdatum 02.03.2026',
      'Fällig am 16.03.2026',
      'Leistungszeitraum 01.02.2026 – 28.02.2026',
      'Website-Relaunch',
      'Hosting März',
      'Workshop vor Ort',
      'IBAN DE89370400440532013000',
      'Vielen Dank für den Auftrag!',
      `Nettobetrag ${moneyDe(invoice.totals.netCents)}`,
      `USt. 19 % ${moneyDe(invoice.totals.taxCents)}`,
      `Zahlbetrag ${moneyDe(invoice.totals.dueCents)}`,
    ]) {
      expect(text).toContain(part);
    }
    for (const l of invoice.lines) expect(text).toContain(moneyDe(l.netCents));
    expect(text).not.toContain('Steuernummer: DE123456789');
  });

  it('shows an English credit note with the invoice it cancels and the §19 note', async () => {
    const doc = sampleDocument('E', {
      language: 'en',
      kind: 'creditNote',
      number: 'RE-2026-0043',
      precedingInvoice: { number: 'RE-2026-0042', issueDate: '2026-03-02' },
    });
    const { path } = await written(doc, 'en-credit.pdf');

    const text = await textOf(path);
    for (const part of [
      'Credit note (Stornorechnung) RE-2026-0043',
      'Cancels invoice RE-2026-0042 of 02/03/2026.',
      'VAT ID (USt-IdNr.): DE123456789',
      'Tax number (Steuernummer): 12/345/67890',
      'No VAT is charged under section 19 of the German VAT Act (small business).',
      `Amount due ${moneyEn(doc.totals.dueCents)}`,
    ]) {
      expect(text).toContain(part);
    }
  });

  it('shows the reverse-charge note in German and a Gutschrift/Stornorechnung title', async () => {
    const doc = sampleDocument('AE', {
      kind: 'creditNote',
      precedingInvoice: { number: 'RE-2026-0040', issueDate: '2026-01-31' },
    });
    const text = await textOf((await written(doc, 'de-ae.pdf')).path);

    expect(text).toContain('Gutschrift/Stornorechnung RE-2026-0042');
    expect(text).toContain('Storniert die Rechnung RE-2026-0040 vom 31.01.2026.');
    expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers');
  });

  it('carries the number, every line amount and the totals of generated documents with hostile text', async () => {
    const docs = fc.sample(documentArb({ maxLines: 30 }), {
      numRuns: runs(30, 4),
      seed: 36,
    });
    for (const [i, doc] of docs.entries()) {
      const text = await textOf((await written(doc, `gen-${i}.pdf`)).path);
      const money = doc.language === 'de' ? moneyDe : moneyEn;
      expect(text).toContain(doc.number);
      for (const l of doc.lines) expect(text).toContain(money(l.netCents, doc.currency));
      expect(text).toContain(money(doc.totals.dueCents, doc.currency));
    }
  }, 120_000);
});
