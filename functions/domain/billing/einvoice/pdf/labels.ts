import type { Language } from '../../../../../contract/enums';

/**
 * Every word of the e-invoice PDF, in each language of the app. German tax terms keep their German
 * name in the English text too ("VAT ID (USt-IdNr.)"): a German buyer's accounts look for them.
 */
export interface EInvoiceLabels {
  invoice: string;
  creditNote: string;
  cancels: (number: string, date: string) => string;
  seller: string;
  buyer: string;
  vatId: string;
  taxNumber: string;
  contact: string;
  phone: string;
  email: string;
  number: (credit: boolean) => string;
  issueDate: (credit: boolean) => string;
  dueDate: string;
  period: string;
  buyerReference: string;
  item: string;
  quantity: string;
  price: string;
  amount: string;
  units: Record<'HUR' | 'DAY' | 'C62', string>;
  vatBreakdown: string;
  category: (code: string) => string;
  net: string;
  tax: (rate: string) => string;
  gross: string;
  due: string;
  payment: string;
  payBy: (date: string) => string;
  refund: string;
  notes: string;
  missing: (list: string) => string;
  dateLocale: string;
}

const CATEGORY_EN: Record<string, string> = {
  S: 'Standard rate',
  Z: 'Zero rate',
  E: 'Exempt (§ 19 UStG)',
  AE: 'Reverse charge',
  O: 'Not subject to VAT',
};
const CATEGORY_DE: Record<string, string> = {
  S: 'Regelsteuersatz',
  Z: 'Nullsatz',
  E: 'Steuerbefreit (§ 19 UStG)',
  AE: 'Steuerschuldnerschaft des Leistungsempfängers',
  O: 'Nicht steuerbar',
};

const en: EInvoiceLabels = {
  invoice: 'Invoice',
  creditNote: 'Credit note (Stornorechnung)',
  cancels: (number, date) => `Cancels invoice ${number} of ${date}.`,
  seller: 'From',
  buyer: 'Bill to',
  vatId: 'VAT ID (USt-IdNr.)',
  taxNumber: 'Tax number (Steuernummer)',
  contact: 'Contact',
  phone: 'Phone',
  email: 'Email',
  number: (credit) => (credit ? 'Credit note number' : 'Invoice number'),
  issueDate: (credit) => (credit ? 'Credit note date' : 'Invoice date'),
  dueDate: 'Due date',
  period: 'Service period',
  buyerReference: 'Your reference',
  item: 'Item',
  quantity: 'Quantity',
  price: 'Unit price',
  amount: 'Amount',
  units: { HUR: 'h', DAY: 'days', C62: 'pcs' },
  vatBreakdown: 'VAT breakdown',
  category: (code) => `VAT category ${code}: ${CATEGORY_EN[code] ?? code}`,
  net: 'Net amount',
  tax: (rate) => `VAT ${rate} %`,
  gross: 'Total',
  due: 'Amount due',
  payment: 'Payment by SEPA credit transfer',
  payBy: (date) => `Please pay by ${date}.`,
  refund: 'The amount is credited to you.',
  notes: 'Notes',
  missing: (list) => `These characters cannot be shown in this PDF and appear as \uFFFD: ${list}`,
  dateLocale: 'en-GB',
};

const de: EInvoiceLabels = {
  invoice: 'Rechnung',
  creditNote: 'Gutschrift/Stornorechnung',
  cancels: (number, date) => `Storniert die Rechnung ${number} vom ${date}.`,
  seller: 'Von',
  buyer: 'Rechnung an',
  vatId: 'USt-IdNr.',
  taxNumber: 'Steuernummer',
  contact: 'Ansprechpartner',
  phone: 'Telefon',
  email: 'E-Mail',
  number: (credit) => (credit ? 'Nummer der Stornorechnung' : 'Rechnungsnummer'),
  issueDate: (credit) => (credit ? 'Datum der Stornorechnung' : 'Rechnungsdatum'),
  dueDate: 'Fällig am',
  period: 'Leistungszeitraum',
  buyerReference: 'Ihre Referenz',
  item: 'Leistung',
  quantity: 'Menge',
  price: 'Einzelpreis',
  amount: 'Betrag',
  units: { HUR: 'Std.', DAY: 'Tage', C62: 'Stk.' },
  vatBreakdown: 'Umsatzsteuer',
  category: (code) => `USt-Kategorie ${code}: ${CATEGORY_DE[code] ?? code}`,
  net: 'Nettobetrag',
  tax: (rate) => `USt. ${rate} %`,
  gross: 'Gesamtbetrag',
  due: 'Zahlbetrag',
  payment: 'Zahlung per SEPA-Überweisung',
  payBy: (date) => `Zahlbar bis zum ${date}.`,
  refund: 'Der Betrag wird Ihnen gutgeschrieben.',
  notes: 'Anmerkungen',
  missing: (list) =>
    `Diese Zeichen können in diesem PDF nicht dargestellt werden und erscheinen als \uFFFD: ${list}`,
  dateLocale: 'de-DE',
};

const LABELS: Record<Language, EInvoiceLabels> = { en, de };

export const einvoiceLabels = (language: Language): EInvoiceLabels => LABELS[language] ?? en;
