/**
 * Every route of the app rendered in German and in the pseudo-locale. German: nothing of the
 * English catalogue that has a German translation reaches the screen. Pseudo-locale: every word on
 * the screen (text, labels, titles) came from a catalogue, so a hard-coded string cannot slip in.
 */
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProject } from '@/test/fixtures';
import { appRoutes } from '../app/router';
import { makeUser, renderApp } from '../app/testing';
import { dayHeading } from '../features/activities/lib/week';
import { toIsoDay } from '../lib/format';
import { setTestLanguage } from '../test/i18n';
import de from './locales/de.json';
import en from './locales/en.json';

const PROJECT = makeProject({
  name: 'Kestrel',
  description: 'Zephyr',
  enableEmbedding: true,
  totalHours: 7_200_000,
  totalIncome: 120,
  totalExpenses: 30,
  profitLoss: 90,
  clientId: 'c1',
});
const CLIENT = {
  _id: 'c1',
  name: 'Narwhal',
  email: '',
  address: '',
  taxId: '',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const REPORT_FIGURES = {
  timeMs: 5_400_000,
  billableMs: 5_400_000,
  roundedBillableMs: 5_400_000,
  billableAmount: 0,
};
const TIME = {
  _id: 't1',
  projectId: 'p1',
  activity: 'Quokka',
  description: 'Wombat',
  date: '2026-03-01T00:00:00.000Z',
  startTime: '2026-03-01T09:00:00.000Z',
  endTime: '2026-03-01T10:30:00.000Z',
  duration: 5_400_000,
  invoiceId: null,
  billable: true,
  tags: ['Ibex'],
};
const FINANCE = {
  _id: 'f1',
  projectId: 'p1',
  activity: 'Quokka',
  description: 'Wombat',
  date: '2026-03-01T00:00:00.000Z',
  amount: 12.5,
  expense: true,
  notes: 'Xylo',
};
const CHART = { labels: ['2026-03'], datasets: [{ label: 'EUR', data: [3] }] };
/**
 * The fixture's own data, shown as entered in any language; the product's name; and the language
 * menu, where each language is named in itself so a person who cannot read the current one finds theirs.
 */
const DATA = [
  'Ada Lovelace',
  'ada@example.com',
  'Kestrel',
  'Zephyr',
  'Quokka',
  'Wombat',
  'Xylo',
  'Narwhal',
  'Ibex',
  'Timeledger',
  'p1',
  'English',
  'Deutsch',
];

const INVOICE = {
  _id: 'i1',
  number: '2026-0001',
  status: 'sent',
  clientId: 'c1',
  client: { name: 'Wombat', email: '', address: '', taxId: '' },
  startdate: '2026-03-01',
  enddate: '2026-03-31',
  currency: 'EUR',
  lines: [{ projectId: 'p1', description: 'Zephyr', hours: 1.5, rate: 80, amount: 120 }],
  subtotal: 120,
  taxRate: 19,
  tax: 22.8,
  total: 142.8,
  reverseCharge: false,
  notes: '',
  entryCount: 1,
  createdAt: '2026-04-01T00:00:00.000Z',
  sentAt: '2026-04-01T00:00:00.000Z',
  paidDate: null,
  voidedAt: null,
};

function stubServer(signedIn: boolean) {
  const user = makeUser({ premium: false, enableEmbedding: true });
  const answers: Record<string, unknown> = {
    '/api/auth': user,
    '/api/projects': [PROJECT],
    '/api/timeactivities/p1': [TIME],
    '/api/financeactivities/p1': [FINANCE],
    '/api/projecttasklist': [{ projectId: 'p1', tasks: [{ activity: 'Quokka', descriptions: ['Wombat'] }] }],
    '/api/projectfinancetasklist': [
      { projectId: 'p1', tasks: [{ activity: 'Quokka', descriptions: ['Wombat'] }] },
    ],
    '/api/projecttimepertaskgrid': [{ activity: 'Quokka', totalHours: 5_400_000 }],
    '/api/projecttimepersubtaskgrid': [{ activity: 'Quokka', description: 'Wombat', totalHours: 5_400_000 }],
    '/api/confirmemail/tok': user,
    '/api/budgetalerts/unsubscribe': { msg: 'Budget alerts are off' },
    '/api/timeactivities': [],
    '/api/clients': [CLIENT],
    '/api/tags': [{ name: 'Ibex', count: 1 }],
    '/api/reports': { rows: [{ key: 'c1', label: 'Narwhal', ...REPORT_FIGURES }], total: REPORT_FIGURES },
    '/api/invoices': [INVOICE],
    '/api/invoices/i1': INVOICE,
    // Recurring expenses (CONTRACT §9).
    '/api/recurringexpenses': [
      {
        _id: 'r1',
        projectId: 'p1',
        activity: 'Quokka',
        amount: 12.5,
        vatAmount: 2.38,
        category: 'software',
        interval: 'monthly',
        startDate: '2026-01-31',
        endDate: null,
        nextDue: '2026-12-31',
        createdAt: '2026-01-31T00:00:00.000Z',
        updatedAt: '2026-01-31T00:00:00.000Z',
      },
    ],
    '/api/invoicesettings': {
      name: 'Zephyr',
      address: '',
      taxId: '',
      bankDetails: '',
      paymentTermsDays: 14,
      numberPrefix: '',
    },
    // The tax period (issue 38): every kind of figure, so each line's words are on screen.
    '/api/taxreport': {
      from: '2026-01-01',
      to: '2026-03-31',
      basis: 'cash',
      outputVat: [
        { rate: 19, net: 100, vat: 19 },
        { rate: 7, net: 100, vat: 7 },
        { rate: 16, net: 100, vat: 16 },
        { rate: 0, net: 100, vat: 0 },
      ],
      reverseChargeNet: 100,
      exemptNet: 100,
      inputVat: 50,
      vatDue: -8,
      income: 600,
      expenses: 300,
      expensesByCategory: [{ category: 'software', net: 300 }],
      profit: 300,
    },
    // A running timer, so the shell shows it on every signed-in screen.
    '/api/timer': {
      running: true,
      projectId: 'p1',
      activity: 'Quokka',
      description: 'Wombat',
      startedAt: new Date().toISOString(),
      paused: false,
      pausedAt: null,
      pausedMs: 0,
      billable: true,
      tags: ['Ibex'],
    },
  };
  if (signedIn) localStorage.setItem('token', 'tok');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (method === 'POST' && pathname === '/api/auth/demo') return Response.json({ token: 'tok' });
      const body = pathname in answers ? answers[pathname] : /chart$/.test(pathname) ? CHART : undefined;
      if (body === undefined)
        return Response.json({ errors: [{ msg: 'Not found', code: 'NOT_FOUND' }] }, { status: 404 });
      return Response.json(body);
    }),
  );
}

const SIGNED_OUT = [
  '/',
  '/home',
  '/login',
  '/signup',
  '/forgotpassword',
  '/resetpassword/tok',
  '/confirmemail/tok',
  '/undoemailchange/tok',
  '/unsubscribe/tok',
  '/loggedout',
  '/impressum',
  '/privacy',
  '/terms',
  '/changelog',
  '/no-such-page',
];
const SIGNED_IN = [
  '/home',
  '/demo',
  '/tutorial',
  '/settings',
  '/subscribe',
  '/subscribe/yearly',
  '/dashboard',
  '/projects',
  '/projectdetails/p1',
  '/tracktimeactivity',
  '/newtimeactivity/p1',
  '/timeactivity/t1',
  '/trackincomeactivity',
  '/newincomeactivity/p1',
  '/trackexpenseactivity',
  '/newexpenseactivity/p1',
  '/financeactivity/f1',
  '/timesheet',
  '/import',
  '/clients',
  '/reports',
  '/invoices',
  '/invoices/i1',
  // Recurring expenses (CONTRACT §9).
  '/recurring',
  '/tax',
  // The seller's details on invoices, a settings page of its own (issue 36).
  '/settings/invoice-details',
];

/** Every route pattern of the router, e.g. `projectdetails/:projectid`. */
function patterns(routes: RouteObject[], prefix = ''): string[] {
  return routes.flatMap((r) => {
    const here = r.index ? prefix : r.path ? `${prefix}/${r.path}` : prefix;
    return r.children ? patterns(r.children, here) : [here || '/'];
  });
}

async function renderSettled(path: string) {
  renderApp(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 8000 });
  await waitFor(() => expect(document.querySelector('.spinner')).toBeNull(), { timeout: 8000 });
}

/** Every piece of text a person meets: text nodes, accessible names and hints, the tab's title. */
function visibleTexts(): string[] {
  const texts: string[] = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // Code the person copies (translate="no") is not language.
    if (node.parentElement?.closest('style, script, [translate="no"]')) continue;
    texts.push(node.textContent ?? '');
  }
  for (const el of document.body.querySelectorAll('*')) {
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt', 'data-label']) {
      const value = el.getAttribute(attr);
      if (value) texts.push(value);
    }
    if (el instanceof HTMLInputElement && (el.type === 'submit' || el.type === 'button'))
      texts.push(el.value);
  }
  return texts.map((t) => t.trim()).filter(Boolean);
}

type Catalogue = { [key: string]: string | Catalogue };
function messages(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : messages(v, `${prefix}${k}.`),
  );
}
const german = new Map(messages(de));
/** English messages with a different German one, as they would appear on screen (no placeholders or tags). */
const untranslated = messages(en)
  .filter(([key, text]) => german.get(key) !== text && !/\{\{|</.test(text) && text.length > 3)
  .map(([, text]) => text);

/** The timesheet's day headings: dates (`Mon 23 Nov`), not words of ours. */
const DAY_HEADINGS = Array.from({ length: 29 }, (_, i) =>
  dayHeading(toIsoDay(new Date(Date.now() + (i - 14) * 86_400_000)), 'en'),
);

const ENGLISH_MONTH = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec) \d{4}\b/;

const withoutData = (text: string) => [...DATA, ...DAY_HEADINGS].reduce((t, d) => t.split(d).join(' '), text);

beforeEach(() => {
  window.HTMLElement.prototype.scrollIntoView = () => {};
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('every route', () => {
  it('is in this test, signed in or out', () => {
    const sampled = [...SIGNED_OUT, ...SIGNED_IN].map((p) => p.split('/')[1]);
    for (const pattern of patterns(appRoutes)) {
      const first = pattern.split('/')[1]?.replace('*', '') ?? '';
      expect(sampled, `no sample path for the route ${pattern}`).toContain(first === '' ? '' : first);
    }
  });

  describe.each([
    ['signed out', false, SIGNED_OUT],
    ['signed in', true, SIGNED_IN],
  ] as const)('%s', (_label, signedIn, routes) => {
    it.each(routes)('speaks German at %s', async (path) => {
      vi.stubGlobal('navigator', { ...navigator, language: 'de-DE', languages: ['de-DE', 'de'] });
      await setTestLanguage('de');
      stubServer(signedIn);

      await renderSettled(path);

      expect(document.documentElement.lang).toBe('de');
      const english = visibleTexts().filter((text) => untranslated.includes(text));
      expect(english, `English on ${path}`).toEqual([]);
      // Dates and chart periods with English month names (`05 Mar 2026`, `Mar 2026`).
      const englishDates = visibleTexts().filter((text) => ENGLISH_MONTH.test(text));
      expect(englishDates, `English month names on ${path}`).toEqual([]);
    });

    it.each(routes)('shows only catalogue words at %s (pseudo-locale)', async (path) => {
      await setTestLanguage('pseudo');
      stubServer(signedIn);

      await renderSettled(path);

      const hardCoded = visibleTexts()
        .map(withoutData)
        .filter((text) =>
          /[A-Za-z]{2,}/.test(
            // Currency codes, and dates and chart periods (`05 Mar 2026`, `Mar 2026`): Intl's words.
            text.replace(/\b[A-Z]{3}\b/g, '').replace(/(\d{2} )?[A-Z][a-z]{2} \d{4}/g, ''),
          ),
        );
      expect(hardCoded, `text outside the catalogues on ${path}`).toEqual([]);
    });
  });
});
