import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { EinvoiceUnreadable, readReceivedEinvoice } from '../../functions/domain/tracking/einvoice-in/read';
import { bytesOf, CII_DE, edited, pdfWith, plainPdf, UBL_NL } from './documents';

/**
 * Whatever is uploaded, the reader answers an invoice or {@link EinvoiceUnreadable} — never
 * another error (which the API would answer 5xx), and never after expanding entities, reading a
 * file of the server (XXE) or inflating a bomb.
 */

const refused = async (bytes: Uint8Array, reason?: RegExp) => {
  const read = readReceivedEinvoice(bytes);
  await expect(read).rejects.toBeInstanceOf(EinvoiceUnreadable);
  if (reason) await expect(read).rejects.toThrow(reason);
};

/** Answers an invoice or refuses it as unreadable; anything else fails the property. */
async function readsOrRefuses(bytes: Uint8Array) {
  try {
    await readReceivedEinvoice(bytes);
  } catch (error) {
    if (!(error instanceof EinvoiceUnreadable)) throw error;
  }
}

describe('hostile and wrong uploads', () => {
  it('refuses random bytes and random text, alone and behind a PDF or XML start, with EinvoiceUnreadable only', async () => {
    const prefix = fc.constantFrom(
      '',
      '%PDF-1.7\n',
      '<?xml version="1.0"?>',
      '<Invoice xmlns="x">',
      '\uFEFF<',
    );
    await fc.assert(
      fc.asyncProperty(
        prefix,
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }),
          fc.string({ unit: 'binary', maxLength: 2000 }).map(bytesOf),
        ),
        async (start, rest) => readsOrRefuses(new Uint8Array([...bytesOf(start), ...rest])),
      ),
      { numRuns: 300 },
    );
  });

  it('never fails otherwise on a real invoice with bytes changed, cut or inserted', async () => {
    const pdf = await pdfWith([{ name: 'factur-x.xml', xml: CII_DE.xml }]);
    const sources = [bytesOf(CII_DE.xml), bytesOf(UBL_NL.xml), pdf];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...sources),
        fc.array(
          fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('set', 'cut', 'insert')),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        async (source, changes) => {
          let bytes = [...source];
          for (const [at, value, how] of changes) {
            const i = at % Math.max(1, bytes.length);
            if (how === 'set') bytes[i] = value;
            else if (how === 'cut') bytes = bytes.slice(0, i);
            else bytes.splice(i, 0, value);
          }
          await readsOrRefuses(new Uint8Array(bytes));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses an external entity (XXE) without reading the file it names', async () => {
    const xxe = CII_DE.xml.replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE inv [<!ENTITY secret SYSTEM "file:///etc/passwd">]>',
    );
    await refused(bytesOf(xxe.replace('2026-117', '&secret;')), /document type declaration/);
  });

  it('refuses an entity bomb ("billion laughs") at once', async () => {
    const levels = Array.from({ length: 10 }, (_, i) =>
      i === 0 ? '<!ENTITY l0 "lol">' : `<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`,
    );
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE lolz [${levels.join('')}]>\n<Invoice>&l9;</Invoice>`;
    const started = Date.now();
    await refused(bytesOf(bomb), /document type declaration/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('leaves undeclared entities as written (nothing is expanded) and refuses nesting 10,000 deep', async () => {
    const named = edited(UBL_NL.xml, [['Van der Berg &amp; Zonen', 'Van der Berg &nbsp;&unknown; Zonen']]);
    const { invoice } = await readReceivedEinvoice(bytesOf(named));
    expect(invoice.seller.name).toBe('Van der Berg &nbsp;&unknown; Zonen B.V.');
    const deep = `<a>${'<b>'.repeat(10_000)}${'</b>'.repeat(10_000)}</a>`;
    await refused(bytesOf(deep));
  });

  it('refuses HTML, JSON, an empty file, an XML of another kind and ZUGFeRD 1.0', async () => {
    await refused(bytesOf('<!doctype html><html><body><h1>Rechnung</h1></body></html>'), /document type/);
    await refused(bytesOf('<html><body><p>Rechnung</p></body></html>'), /not an EN 16931 invoice/);
    await refused(bytesOf(JSON.stringify({ invoice: 1 })), /well-formed|not an XML/);
    await refused(new Uint8Array(0), /empty/);
    const order = UBL_NL.xml
      .replaceAll('Invoice-2', 'Order-2')
      .replace(/<Invoice /, '<Order ')
      .replace('</Invoice>', '</Order>');
    await refused(bytesOf(order), /not an EN 16931 invoice/);
    const ferd1 = CII_DE.xml
      .replace(
        'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
        'urn:ferd:CrossIndustryDocument:invoice:1p0',
      )
      .replaceAll('CrossIndustryInvoice', 'CrossIndustryDocument');
    await refused(bytesOf(ferd1), /not an EN 16931 invoice/);
  });

  it('refuses a UBL credit note, a CII 381, negative totals and invoices missing what is booked', async () => {
    const creditNote = UBL_NL.xml
      .replaceAll('Invoice-2', 'CreditNote-2')
      .replace('<Invoice ', '<CreditNote ')
      .replace('</Invoice>', '</CreditNote>');
    await refused(bytesOf(creditNote), /credit note/);
    await refused(bytesOf(edited(CII_DE.xml, [['>380<', '>381<']])), /credit note/);
    await refused(bytesOf(edited(UBL_NL.xml, [[/>1234\.5</g, '>-1234.5<']])), /negative/);
    await refused(bytesOf(edited(UBL_NL.xml, [['<b:ID>INV/2026/0815</b:ID>', '']])), /no number/);
    await refused(
      bytesOf(edited(CII_DE.xml, [[/<a:Name>B&#252;robedarf[\s\S]*?<\/a:Name>/, '']])),
      /no name/,
    );
    await refused(bytesOf(edited(CII_DE.xml, [['20260115', '20260230']])), /issue date/);
    await refused(
      bytesOf(edited(UBL_NL.xml, [['>EUR</b:DocumentCurrencyCode>', '>Euro</b:DocumentCurrencyCode>']])),
      /currency/,
    );
    await refused(bytesOf(edited(UBL_NL.xml, [[/>1234\.5</g, '>12,34<']])), /not an amount/);
    await refused(bytesOf(edited(CII_DE.xml, [['xmlns:a=', 'xmlns:z=']])), /prefix/);
  });

  it('refuses a plain PDF, one with another file attached, an encrypted-looking one and a cut one', async () => {
    await refused(await plainPdf(), /embeds none/);
    await refused(await pdfWith([{ name: 'invoice.xml', xml: CII_DE.xml }]), /embeds none/);
    await refused(
      await pdfWith([{ name: 'factur-x.xml', xml: '<not-an-invoice/>' }]),
      /not an EN 16931 invoice/,
    );
    const pdf = await pdfWith([{ name: 'factur-x.xml', xml: CII_DE.xml }]);
    await refused(pdf.subarray(0, 40));
    const doc = await PDFDocument.load(await plainPdf());
    doc.context.trailerInfo.Encrypt = doc.context.obj({ Filter: PDFName.of('Standard'), V: 1, R: 2 });
    await refused(await doc.save(), /encrypted|cannot be read/);
  });

  it('refuses an embedded XML that inflates past the limit without inflating it whole', async () => {
    const zeros = deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    const doc = await PDFDocument.load(await plainPdf());
    const stream = doc.context.stream(zeros, { Type: 'EmbeddedFile', Filter: 'FlateDecode' });
    const spec = doc.context.obj({
      Type: 'Filespec',
      F: PDFString.of('factur-x.xml'),
      EF: { F: doc.context.register(stream) },
    });
    doc.catalog.set(PDFName.of('AF'), doc.context.obj([doc.context.register(spec)]));
    const started = Date.now();
    await refused(await doc.save({ useObjectStreams: false }), /too large|inflated/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses a PDF whose object stream is an inflation bomb before pdf-lib loads it', async () => {
    const zeros = deflateSync(Buffer.alloc(48 * 1024 * 1024), { level: 9 });
    const base = Buffer.from(await plainPdf()).toString('latin1');
    // An object stream holding 48 MB of zeros, inserted before the cross-reference table.
    const bomb = `99 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${zeros.length} >>\nstream\n`;
    const at = base.lastIndexOf('xref');
    const bytes = Buffer.concat([
      Buffer.from(base.slice(0, at), 'latin1'),
      Buffer.from(bomb, 'latin1'),
      zeros,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
      Buffer.from(base.slice(at), 'latin1'),
    ]);
    await refused(new Uint8Array(bytes), /inflate to more/);
  });
});
