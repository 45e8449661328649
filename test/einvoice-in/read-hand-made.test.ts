import { describe, expect, it } from 'vitest';
import { readReceivedEinvoice } from '../../functions/domain/tracking/einvoice-in/read';
import { describeErrors, validateBatch } from '../einvoice/validate';
import { bytesOf, CII_DE, edited, pdfWith, UBL_NL } from './documents';

/**
 * Received e-invoices from other sellers' software (hand-written in `documents.ts`): other
 * namespace prefixes or a default namespace, pretty-printed, amounts like `1234.5`, character
 * references, a second VAT total in a tax currency, ZUGFeRD 2.0's `zugferd-invoice.xml`, other
 * encodings. The documents themselves pass the official EN 16931 rules, so what is read is what a
 * real seller could send.
 */

describe('received e-invoices written by other software', () => {
  it('are complete EN 16931 invoices by the official rules (so the reader is tested on real documents)', async () => {
    const result = await validateBatch([
      { name: 'ubl-nl.xml', bytes: UBL_NL.xml, en16931Only: true },
      { name: 'cii-de.xml', bytes: CII_DE.xml, en16931Only: true },
    ]);
    expect(result.errors, describeErrors(result)).toEqual([]);
    expect(result.passed).toBe(2);
  }, 120_000);

  it('reads a UBL invoice with a default namespace and one-decimal amounts to the cent', async () => {
    const { invoice, container } = await readReceivedEinvoice(bytesOf(UBL_NL.xml));
    expect(container).toBe('xml');
    expect(invoice).toEqual({
      syntax: 'UBL',
      number: UBL_NL.number,
      issueDate: UBL_NL.issueDate,
      typeCode: '380',
      currency: 'EUR',
      seller: { name: UBL_NL.seller, vatId: UBL_NL.vatId },
      netCents: UBL_NL.netCents,
      taxCents: UBL_NL.taxCents,
    });
  });

  it('reads a CII invoice with other prefixes, character references, a name on two lines and a tax-currency total', async () => {
    const { invoice } = await readReceivedEinvoice(bytesOf(CII_DE.xml));
    expect(invoice).toEqual({
      syntax: 'CII',
      number: CII_DE.number,
      issueDate: CII_DE.issueDate,
      typeCode: '380',
      currency: 'EUR',
      seller: { name: CII_DE.seller, vatId: CII_DE.vatId },
      netCents: CII_DE.netCents,
      // 17.08 in EUR, not the 16.02 CHF of the tax currency listed first.
      taxCents: CII_DE.taxCents,
    });
  });

  it('reads the same CII with the RAM namespace as the default one, and with a byte order mark', async () => {
    const defaultRam = CII_DE.xml
      .replace(' xmlns:a=', ' xmlns=')
      .replace(/<a:/g, '<')
      .replace(/<\/a:/g, '</');
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytesOf(CII_DE.xml)]);
    for (const bytes of [bytesOf(defaultRam), withBom]) {
      const { invoice } = await readReceivedEinvoice(bytes);
      expect(invoice).toMatchObject({ number: CII_DE.number, netCents: 8_990, taxCents: 1_708 });
    }
  });

  it('reads a document in UTF-16 and one declared ISO-8859-1', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CII_DE.xml, 'utf16le')]);
    const latin1 = Buffer.from(CII_DE.xml.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1');
    for (const bytes of [utf16, latin1]) {
      const { invoice } = await readReceivedEinvoice(new Uint8Array(bytes));
      expect(invoice.seller.name).toBe('Bürobedarf Müller GmbH');
    }
  });

  it('reads amounts with trailing zeros, a plus sign and no decimals; refuses a third decimal that is not zero', async () => {
    const exact = edited(UBL_NL.xml, [
      [/1234\.5</g, '1234.5000<'],
      [/246\.9</g, '+246.90<'],
    ]);
    expect((await readReceivedEinvoice(bytesOf(exact))).invoice).toMatchObject({
      netCents: 123_450,
      taxCents: 24_690,
    });
    const whole = edited(UBL_NL.xml, [[/1234\.5</g, '1234<']]);
    expect((await readReceivedEinvoice(bytesOf(whole))).invoice.netCents).toBe(123_400);
    const tooPrecise = edited(UBL_NL.xml, [[/1234\.5</g, '1234.505<']]);
    await expect(readReceivedEinvoice(bytesOf(tooPrecise))).rejects.toThrow(/more than two decimals/);
  });

  it('reads a UBL invoice that states no VAT total as VAT 0, and one without a VAT ID by its seller name', async () => {
    const noTax = edited(UBL_NL.xml, [[/<c:TaxTotal>[\s\S]*<\/c:TaxTotal>/, '']]);
    expect((await readReceivedEinvoice(bytesOf(noTax))).invoice.taxCents).toBe(0);
    const noVatId = edited(UBL_NL.xml, [[/<c:PartyTaxScheme>[\s\S]*?<\/c:PartyTaxScheme>/, '']]);
    expect((await readReceivedEinvoice(bytesOf(noVatId))).invoice.seller).toEqual({ name: UBL_NL.seller });
  });

  it('reads the XML a PDF embeds as zugferd-invoice.xml (ZUGFeRD 2.0) or xrechnung.xml, whatever the case of the name', async () => {
    for (const name of ['zugferd-invoice.xml', 'xrechnung.xml', 'Factur-X.xml']) {
      const pdf = await pdfWith([
        { name: 'terms.xml', xml: '<terms/>' },
        { name, xml: CII_DE.xml },
      ]);
      const { invoice, container } = await readReceivedEinvoice(pdf);
      expect(container).toBe('pdf');
      expect(invoice).toMatchObject({ number: CII_DE.number, netCents: 8_990, taxCents: 1_708 });
    }
  });

  it('reads a UBL invoice a PDF embeds', async () => {
    const { invoice } = await readReceivedEinvoice(
      await pdfWith([{ name: 'xrechnung.xml', xml: UBL_NL.xml }]),
    );
    expect(invoice).toMatchObject({ syntax: 'UBL', number: UBL_NL.number, netCents: 123_450 });
  });

  it('reads other invoice type codes (partial, corrected, self-billed) and refuses the rest', async () => {
    for (const code of ['326', '384', '389']) {
      const doc = edited(UBL_NL.xml, [['>380<', `>${code}<`]]);
      expect((await readReceivedEinvoice(bytesOf(doc))).invoice.typeCode).toBe(code);
    }
    for (const code of ['381', '220', '', '380x']) {
      const doc = edited(CII_DE.xml, [['>380<', `>${code}<`]]);
      await expect(readReceivedEinvoice(bytesOf(doc))).rejects.toThrow(/credit note|type code/);
    }
  });
});
