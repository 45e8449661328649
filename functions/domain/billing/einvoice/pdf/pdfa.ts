import { createHash } from 'node:crypto';
import {
  AFRelationship,
  type PDFArray,
  type PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
} from 'pdf-lib';
import { xmlText } from '../xml';
import { SRGB_PROFILE_BASE64 } from './srgb-profile';

/**
 * Makes a pdf-lib document a ZUGFeRD 2 / Factur-X PDF/A-3B (CONTRACT §9): the invoice's CII
 * embedded as `factur-x.xml` (AFRelationship Alternative, listed in the catalogue's /AF), XMP
 * metadata declaring PDF/A-3 conformance B and the Factur-X document with its extension schema,
 * an sRGB OutputIntent, a file identifier, and Info entries that match the XMP. The fonts are the
 * caller's: PDF/A wants every one embedded, which the Noto fonts of `./render.ts` are.
 */

export const FACTURX_FILE_NAME = 'factur-x.xml';
const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

export interface PdfA3Options {
  /** The CII, EN 16931 profile. */
  xml: string;
  title: string;
  author: string;
  language: string;
  /** The document's date (its issue date): Info, XMP and the attachment carry it, so equal input gives equal bytes. */
  date: Date;
}

const fxProperty = (name: string, description: string) =>
  `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;

/** The XMP packet: PDF/A identification, Dublin Core, PDF and XMP basics, Factur-X and its extension schema. */
export function xmpPacket(options: PdfA3Options): string {
  const date = options.date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const description = (ns: string, body: string) =>
    `<rdf:Description rdf:about="" ${ns}>${body}</rdf:Description>`;
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    description(
      'xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"',
      '<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>',
    ),
    description(
      'xmlns:dc="http://purl.org/dc/elements/1.1/"',
      `<dc:format>application/pdf</dc:format><dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(options.title)}</rdf:li></rdf:Alt></dc:title><dc:creator><rdf:Seq><rdf:li>${xmlText(options.author)}</rdf:li></rdf:Seq></dc:creator>`,
    ),
    description('xmlns:pdf="http://ns.adobe.com/pdf/1.3/"', '<pdf:Producer>Timeledger</pdf:Producer>'),
    description(
      'xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
      `<xmp:CreatorTool>Timeledger</xmp:CreatorTool><xmp:CreateDate>${date}</xmp:CreateDate><xmp:ModifyDate>${date}</xmp:ModifyDate><xmp:MetadataDate>${date}</xmp:MetadataDate>`,
    ),
    description(
      `xmlns:fx="${FX_NAMESPACE}"`,
      `<fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>`,
    ),
    description(
      'xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#"',
      `<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource"><pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema><pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI><pdfaSchema:prefix>fx</pdfaSchema:prefix><pdfaSchema:property><rdf:Seq>${[
        fxProperty('DocumentFileName', 'The name of the embedded XML document'),
        fxProperty(
          'DocumentType',
          'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER',
        ),
        fxProperty('Version', 'The actual version of the standard applying to the embedded XML document'),
        fxProperty('ConformanceLevel', 'The conformance level of the embedded XML document'),
      ].join('')}</rdf:Seq></pdfaSchema:property></rdf:li></rdf:Bag></pdfaExtension:schemas>`,
    ),
    '</rdf:RDF></x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

function outputIntent(pdf: PDFDocument): PDFDict {
  const profile = pdf.context.stream(Buffer.from(SRGB_PROFILE_BASE64, 'base64'), { N: 3 });
  return pdf.context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    DestOutputProfile: pdf.context.register(profile),
  });
}

/** Turns the document into a Factur-X PDF/A-3B and answers its bytes. */
export async function saveAsPdfA3(pdf: PDFDocument, options: PdfA3Options): Promise<Uint8Array> {
  pdf.setTitle(options.title, { showInWindowTitleBar: true });
  pdf.setAuthor(options.author);
  pdf.setCreator('Timeledger');
  pdf.setProducer('Timeledger');
  pdf.setCreationDate(options.date);
  pdf.setModificationDate(options.date);
  pdf.setLanguage(options.language);
  await pdf.attach(Buffer.from(options.xml, 'utf8'), FACTURX_FILE_NAME, {
    mimeType: 'text/xml',
    description: 'Factur-X / ZUGFeRD invoice (EN 16931)',
    creationDate: options.date,
    modificationDate: options.date,
    afRelationship: AFRelationship.Alternative,
  });
  const metadata = pdf.context.stream(Buffer.from(xmpPacket(options), 'utf8'), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  pdf.catalog.set(PDFName.of('Metadata'), pdf.context.register(metadata));
  pdf.catalog.set(PDFName.of('OutputIntents'), pdf.context.obj([outputIntent(pdf)]) as PDFArray);
  const id = createHash('md5').update(options.xml).digest('hex');
  pdf.context.trailerInfo.ID = pdf.context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
  // Classic cross-reference table: the trailer then carries the /ID every PDF/A reader looks for.
  return pdf.save({ useObjectStreams: false });
}
