import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import type { FinanceActivity } from '../api/entries';
import { FinanceActivityForm } from './FinanceActivityForm';
import type { ProjectPickerProps } from './types';

function StubPicker({ value }: ProjectPickerProps) {
  return <p>Project {value}</p>;
}

interface Sent {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** The API and S3 as the form meets them: the entry saved, the upload signed, the PUT taken, the check done. */
function fakeServer(options: { kept?: boolean } = {}) {
  const sent: Sent[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      sent.push({ method, url, body: init?.body, headers: (init?.headers ?? {}) as Record<string, string> });
      const path = url.split('?')[0];
      if (method === 'POST' && path === '/api/financeactivities') {
        return json(201, { _id: 'F1', ...JSON.parse(String(init?.body)) });
      }
      if (method === 'POST' && path === '/api/receipts') {
        return json(201, {
          _id: 'R1',
          uploadUrl: 'https://s3.example/receipts/put?X-Amz-Signature=1',
          uploadHeaders: { 'Content-Type': 'image/png' },
          expiresAt: '2026-03-01T10:05:00.000Z',
        });
      }
      if (method === 'PUT' && url.startsWith('https://s3.example/')) return new Response('', { status: 200 });
      if (method === 'GET' && path === '/api/receipts/R1') {
        return options.kept === false
          ? json(404, { errors: [{ msg: 'Receipt not found', code: 'RECEIPT_NOT_FOUND' }] })
          : json(200, { url: 'https://s3.example/get', expiresAt: '2026-03-01T10:01:00.000Z' });
      }
      if (method === 'GET' && path === '/api/projectfinancetasklist') return json(200, []);
      return json(200, []);
    }),
  );
  return sent;
}

const photo = () =>
  new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'Beleg 🧾.png', {
    type: 'image/png',
  });

describe('receipts on the income and expense form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads a chosen photo with the new expense through the presigned PUT, then goes home', async () => {
    const sent = fakeServer();
    const user = userEvent.setup();
    renderScreen(<FinanceActivityForm ProjectPicker={StubPicker} kind="expense" initialProjectId="p1" />);
    await user.type(screen.getByLabelText('Amount (expense)'), '49.90');
    await user.upload(screen.getByLabelText('Choose a file or take a photo'), photo());
    expect(screen.getByRole('list', { name: 'Receipts' })).toHaveTextContent('Beleg 🧾.png');

    await user.click(screen.getByRole('button', { name: 'Save and close' }));
    expect(await screen.findByText('Elsewhere', undefined, { timeout: 5000 })).toBeInTheDocument();

    const created = sent.find((s) => s.method === 'POST' && s.url === '/api/financeactivities');
    const started = sent.find((s) => s.method === 'POST' && s.url === '/api/receipts');
    expect(JSON.parse(String(started?.body))).toEqual({
      activityId: JSON.parse(String(created?.body))._id,
      filename: 'Beleg 🧾.png',
      contentType: 'image/png',
      bytes: 8,
    });
    const put = sent.find((s) => s.method === 'PUT');
    expect(put?.url).toBe('https://s3.example/receipts/put?X-Amz-Signature=1');
    expect(put?.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(put?.body).toBeInstanceOf(File);
  });

  it('refuses a file that cannot be a receipt before anything is sent', async () => {
    const sent = fakeServer();
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<FinanceActivityForm ProjectPicker={StubPicker} kind="expense" initialProjectId="p1" />);
    await user.upload(
      screen.getByLabelText('Choose a file or take a photo'),
      new File(['GIF89a'], 'animation.gif', { type: 'image/gif' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('animation.gif cannot be a receipt');
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([]);
  });

  it('lists a saved expense’s receipts, to open and to remove after a confirmation', async () => {
    const sent = fakeServer();
    const user = userEvent.setup();
    const expense: FinanceActivity = {
      _id: 'F1',
      user: 'u1',
      projectId: 'p1',
      activity: 'Bahn',
      description: '',
      date: '2026-03-01T00:00:00.000Z',
      amount: 49.9,
      expense: true,
      notes: '',
      vatAmount: 0,
      category: 'travel',
      receipts: [
        {
          _id: 'R1',
          filename: 'Beleg.pdf',
          contentType: 'application/pdf',
          bytes: 900,
          uploadedAt: '2026-03-01T10:00:00.000Z',
        },
      ],
    };
    renderScreen(<FinanceActivityForm ProjectPicker={StubPicker} activity={expense} />);
    await user.click(screen.getByRole('button', { name: /^Remove\s*receipt Beleg\.pdf$/ }));
    await user.click(await screen.findByRole('button', { name: 'Okay' }));
    await waitFor(() =>
      expect(sent.some((s) => s.method === 'DELETE' && s.url === '/api/receipts/R1')).toBe(true),
    );
    expect(screen.getByRole('button', { name: /^Open receipt\s*Beleg\.pdf$/ })).toBeInTheDocument();
  });
});
