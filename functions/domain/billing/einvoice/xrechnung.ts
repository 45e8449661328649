import { ciiXml } from './cii';
import type { EInvoiceDocument } from './document';

/** XRechnung 3.0's specification identifier (BT-24), CONTRACT §9. */
export const XRECHNUNG_GUIDELINE = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

/** The business process (BT-23) XRechnung documents name: Peppol BIS Billing 3.0. */
export const PEPPOL_BILLING = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/** The document as XRechnung 3.0 in CII syntax (`GET /api/invoices/{id}/xrechnung`). */
export const xrechnungCii = (doc: EInvoiceDocument): string =>
  ciiXml(doc, { guideline: XRECHNUNG_GUIDELINE, businessProcess: PEPPOL_BILLING });
