import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '@/test/i18n';
import { renderScreen } from '@/test/render';
import type { FinanceActivity } from '../api/entries';
import { EinvoiceUpload } from './EinvoiceUpload';
import type { ProjectPickerProps } from './types';

function StubPicker({ value, onChange }: ProjectPickerProps) {
  return (
    <label>
      Project
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a project</option>
        <option value="01J0000000000000000000000P">Office</option>
      </select>
    </label>
  );
}

const PROJECT = '01J0000000000000000000000P';

const booked: FinanceActivity = {
  _id: '01J00000000000000000000EXP',
  user: 'u1',
  projectId: PROJECT,
  activity: 'Van der Berg & Zonen B.V.',
  description: 'Invoice INV/2026/0815',
  date: '2026-04-30T00:00:00.000Z',
  amount: 1234.5,
  expense: true,
  notes: '',
  vatAmount: 246.9,
  category: 'other',
  receipts: [
    {
      _id: '01J00000000000000000000RCP',
      filename: 'inv-0815.xml',
      contentType: 'application/xml',
      bytes: 74,
      uploadedAt: '2026-11-29T15:00:00.000Z',
    },
  ],
};

interface Sent {
  url: string;
  method: string;
  contentType: string | null;
  body: unknown;
}

/** Stubs `fetch` for the upload: records what was sent (the file itself) and answers `reply`. */
function stubUpload(reply: { status: number; body: unknown }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      sent.push({
        url: String(input),
        method: init?.method ?? 'GET',
        contentType: headers['content-type'] ?? null,
        body: init?.body,
      });
      if (init?.method !== 'POST') return new Response('[]', { status: 200 });
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return sent;
}

/** A Blob's text (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const xmlFile = () =>
  new File(['<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'], 'inv-0815.xml', {
    type: '',
  });

async function chooseAndUpload(file: File) {
  const user = userEvent.setup();
  renderScreen(<EinvoiceUpload ProjectPicker={StubPicker} initialProjectId={PROJECT} />);
  await user.upload(screen.getByLabelText('E-invoice (.xml or .pdf)'), file);
  await user.click(screen.getByRole('button', { name: 'Upload and book' }));
  return user;
}

describe('Upload an e-invoice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the file itself as XML to the project and shows the expense it became, net and VAT', async () => {
    const sent = stubUpload({ status: 201, body: booked });
    await chooseAndUpload(xmlFile());

    expect(await screen.findByRole('heading', { name: 'Booked as an expense' })).toBeInTheDocument();
    const post = sent.find((s) => s.method === 'POST');
    expect(post?.url).toBe(`/api/expenses/einvoice?filename=inv-0815.xml&projectid=${PROJECT}`);
    expect(post?.contentType).toBe('application/xml');
    expect(post?.body).toBeInstanceOf(Blob);
    expect(await textOf(post?.body as Blob)).toContain('Invoice-2');
    expect(screen.getByText('Van der Berg & Zonen B.V.')).toBeInTheDocument();
    expect(screen.getByText('Invoice INV/2026/0815')).toBeInTheDocument();
    expect(screen.getByText('€1,234.50')).toBeInTheDocument();
    expect(screen.getByText('€246.90')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the expense' })).toHaveAttribute(
      'href',
      `/financeactivity/${booked._id}`,
    );
  });

  it('sends a PDF as application/pdf', async () => {
    const sent = stubUpload({ status: 201, body: booked });
    await chooseAndUpload(new File(['%PDF-1.7'], 'rechnung.PDF', { type: '' }));

    await screen.findByRole('heading', { name: 'Booked as an expense' });
    expect(sent.find((s) => s.method === 'POST')?.contentType).toBe('application/pdf');
  });

  it('says clearly why a file that is not an e-invoice was refused', async () => {
    stubUpload({ status: 400, body: { errors: [{ msg: 'x', code: 'EINVOICE_UNREADABLE' }] } });
    await chooseAndUpload(xmlFile());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not an e-invoice that can be booked: upload an XRechnung (CII or UBL) or a ZUGFeRD/Factur-X PDF of an invoice (credit notes are not booked)',
    );
    expect(screen.queryByRole('heading', { name: 'Booked as an expense' })).not.toBeInTheDocument();
  });

  it('names the invoice and seller of a duplicate', async () => {
    stubUpload({
      status: 409,
      body: {
        errors: [
          {
            msg: 'x',
            code: 'EINVOICE_DUPLICATE',
            values: { number: 'INV/2026/0815', seller: 'Van der Berg & Zonen B.V.' },
          },
        ],
      },
    });
    await chooseAndUpload(xmlFile());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invoice INV/2026/0815 of Van der Berg & Zonen B.V. has already been booked',
    );
  });

  it('says it in German too', async () => {
    stubUpload({
      status: 409,
      body: {
        errors: [
          { msg: 'x', code: 'EINVOICE_DUPLICATE', values: { number: '2026-117', seller: 'Müller GmbH' } },
        ],
      },
    });
    await setTestLanguage('de');
    try {
      const user = userEvent.setup();
      renderScreen(<EinvoiceUpload ProjectPicker={StubPicker} initialProjectId={PROJECT} />);
      expect(screen.getByRole('heading', { name: 'E-Rechnung hochladen' })).toBeInTheDocument();
      await user.upload(screen.getByLabelText('E-Rechnung (.xml oder .pdf)'), xmlFile());
      await user.click(screen.getByRole('button', { name: 'Hochladen und buchen' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Die Rechnung 2026-117 von Müller GmbH ist bereits gebucht',
      );
    } finally {
      await setTestLanguage('en');
    }
  });

  it('refuses a file over 10 MB without sending it', async () => {
    const sent = stubUpload({ status: 201, body: booked });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await chooseAndUpload(big);
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is larger than 10 MB');
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
  });
});
