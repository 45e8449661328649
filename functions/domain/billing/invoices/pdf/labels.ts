import type { Language } from '../../../../../contract/enums';

/** Every word of the invoice PDF, in each language of the app. */
export interface PdfLabels {
  invoice: string;
  draft: string;
  void: string;
  from: string;
  billTo: string;
  taxId: string;
  number: string;
  date: string;
  period: string;
  due: string;
  description: string;
  hours: string;
  /** A line's unit after its quantity, where it is not hours. */
  units: Record<'DAY' | 'C62', string>;
  rate: string;
  amount: string;
  subtotal: string;
  tax: (rate: string) => string;
  total: string;
  reverseCharge: string;
  terms: (days: number, due: string) => string;
  paid: (date: string) => string;
  bank: string;
  notes: string;
  missing: (list: string) => string;
  dateLocale: string;
}

const en: PdfLabels = {
  invoice: 'Invoice',
  draft: 'Draft',
  void: 'Void',
  from: 'From',
  billTo: 'Bill to',
  taxId: 'Tax ID',
  number: 'Invoice number',
  date: 'Invoice date',
  period: 'Period',
  due: 'Due date',
  description: 'Description',
  hours: 'Hours',
  units: { DAY: 'days', C62: 'pcs' },
  rate: 'Rate',
  amount: 'Amount',
  subtotal: 'Subtotal',
  tax: (rate) => `Tax (${rate} %)`,
  total: 'Total',
  reverseCharge: 'Reverse charge: the recipient of the service is liable for the VAT.',
  terms: (days, due) => `Please pay within ${days} days, by ${due}.`,
  paid: (date) => `Paid on ${date}.`,
  bank: 'Bank details',
  notes: 'Notes',
  missing: (list) => `These characters cannot be shown in this PDF and appear as \uFFFD: ${list}`,
  dateLocale: 'en-GB',
};

const de: PdfLabels = {
  invoice: 'Rechnung',
  draft: 'Entwurf',
  void: 'Storniert',
  from: 'Von',
  billTo: 'Rechnung an',
  taxId: 'Steuernummer',
  number: 'Rechnungsnummer',
  date: 'Rechnungsdatum',
  period: 'Leistungszeitraum',
  due: 'Fällig am',
  description: 'Beschreibung',
  hours: 'Stunden',
  units: { DAY: 'Tage', C62: 'Stk.' },
  rate: 'Satz',
  amount: 'Betrag',
  subtotal: 'Zwischensumme',
  tax: (rate) => `USt. (${rate} %)`,
  total: 'Gesamtbetrag',
  reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge).',
  terms: (days, due) => `Zahlbar innerhalb von ${days} Tagen, bis zum ${due}.`,
  paid: (date) => `Bezahlt am ${date}.`,
  bank: 'Bankverbindung',
  notes: 'Anmerkungen',
  missing: (list) =>
    `Diese Zeichen können in diesem PDF nicht dargestellt werden und erscheinen als \uFFFD: ${list}`,
  dateLocale: 'de-DE',
};

const LABELS: Record<Language, PdfLabels> = { en, de };

export const pdfLabels = (language: Language | null): PdfLabels => LABELS[language ?? 'en'] ?? en;
