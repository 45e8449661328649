import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, makeUser, renderApp, stubApi } from '@/app/testing';
import type { ImportPreview, ImportReport } from './api/import-csv';

beforeEach(() => {
  localStorage.setItem('token', 'tok');
  // Reading a file and rendering 2,500 rows' parts can pass the default 1 s on a loaded machine.
  configure({ asyncUtilTimeout: 5_000 });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const CLOCKIFY_HEADER = 'Project,Description,Task,Start Date,Start Time,End Date,End Time,Duration (h)';

/** A promise the test resolves: holds an import request open to see the progress bar. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** A chosen CSV file. jsdom's File has no `text()`, which every browser the app supports has. */
function csvFile(text: string, name: string): File {
  const file = new File([text], name, { type: 'text/csv' });
  Object.defineProperty(file, 'text', { value: async () => text });
  return file;
}

/** The page, once its lazily loaded module is in (slow on a loaded machine). */
async function openImportPage() {
  renderApp('/import');
  await screen.findByRole('heading', { level: 1, name: 'Import' }, { timeout: 10_000 });
}

const isDryRun = (url: URL) => url.searchParams.get('dryrun') === 'true';
const contentType = (call: FetchCall | undefined) => new Headers(call?.headers).get('content-type');

describe('import page', { timeout: 30_000 }, () => {
  it('takes a file from the chosen tool through preview and a progress bar to the report of every refused line', async () => {
    const preview: ImportPreview = {
      rows: 3,
      projectsToCreate: ['Mobile App'],
      preview: [
        {
          line: 2,
          kind: 'time',
          project: 'Mobile App',
          day: '2024-03-15',
          duration: 3 * 3_600_000 + 30 * 60_000,
          task: 'Bugs',
          subTask: 'Fix login, again',
        },
        {
          line: 3,
          kind: 'time',
          project: 'Internal',
          day: '2024-03-16',
          duration: 45 * 60_000,
          task: '翻訳 🚀',
          subTask: '',
        },
      ],
      ignoredColumns: ['User', 'Email'],
      errors: [{ line: 5, msg: 'Start Time must be a time like 13:05:00 or 1:05:00 PM, not "13:00:00 PM"' }],
    };
    const report: ImportReport = {
      imported: 2,
      skipped: 1,
      projectsCreated: ['Mobile App'],
      clientsCreated: ['Globex'],
      ignoredColumns: ['User', 'Email'],
      errors: preview.errors,
    };
    const held = gate();
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/projects': { body: [] },
      'POST /api/import/clockify': async (_body, url) => {
        if (isDryRun(url)) return { body: preview };
        await held.opened;
        return { body: report };
      },
    });
    await openImportPage();
    const user = userEvent.setup();

    const tool = await screen.findByRole('combobox', { name: 'Tool' });
    expect(tool).toHaveAccessibleDescription(
      'In Toggl Track open Reports → Detailed, choose the dates, then Export → Download CSV.',
    );
    await user.selectOptions(tool, 'clockify');
    expect(tool).toHaveAccessibleDescription(
      'In Clockify open Reports → Detailed, choose the dates, then Export → Save as CSV.',
    );

    const text = `${CLOCKIFY_HEADER}\r\nMobile App,"Fix login, again",Bugs,03/15/2024,9:05 AM,03/15/2024,12:35:30 PM,03:30:30\r\n`;
    await user.upload(screen.getByLabelText('CSV file'), csvFile(text, 'detailed.csv'));

    expect(
      await screen.findByText('detailed.csv: 3 rows to import, 1 that cannot be imported.'),
    ).toBeInTheDocument();
    const firstRows = screen.getByRole('table', { name: 'The first rows' });
    const rows = within(firstRows).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2', 'Mobile App', '2024-03-15', '03:30', 'Bugs', 'Fix login, again'],
      ['3', 'Internal', '2024-03-16', '00:45', '翻訳 🚀', ''],
    ]);
    expect(screen.getByText('Projects that will be created: Mobile App')).toBeInTheDocument();
    expect(
      screen.getByText('Not kept, as Timeledger has no place for them: User, Email'),
    ).toBeInTheDocument();
    const dryRun = api.callsTo('POST', '/api/import/clockify')[0];
    expect(dryRun?.body).toBe(text);
    expect(contentType(dryRun)).toBe('text/csv');

    await user.click(screen.getByRole('button', { name: 'Import' }));
    const bar = await screen.findByRole('progressbar', { name: /Importing/ });
    expect(bar).toHaveAttribute('value', '0');
    expect(bar).toHaveAttribute('max', '1');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();

    held.open();
    const result = await screen.findByRole('status', { name: 'Report' });
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Imported: 2 entries',
      'Skipped (already imported): 1',
      'Projects created: Mobile App',
      'Clients created: Globex',
      'Refused: 1',
    ]);
    expect(
      within(result).getByText('Not kept, as Timeledger has no place for them: User, Email'),
    ).toBeInTheDocument();
    const refused = within(result).getByRole('table', { name: 'Refused lines' });
    expect(
      within(refused)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([['5', 'Start Time must be a time like 13:05:00 or 1:05:00 PM, not "13:00:00 PM"']]);
    const sent = api.callsTo('POST', '/api/import/clockify');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toBe(text);
    expect(screen.getByRole('link', { name: 'See your projects' })).toHaveAttribute('href', '/projects');
  });

  it('sends a large file in parts, each with the header, and numbers refused lines as in the whole file', async () => {
    const header =
      'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (EUR)';
    const body = Array.from(
      { length: 2_500 },
      (_, i) =>
        `Ada,ada@example.com,,Website,Design,"Row ${i + 1}, ""quoted""",Yes,2024-03-04,09:00:00,2024-03-04,09:30:00,00:30:00,,0.00`,
    );
    const text = `\uFEFF${header}\r\n${body.join('\r\n')}\r\n`;
    const rowsOf = (part: string) => part.split('\r\n').filter((l) => l.startsWith('Ada,'));
    const held = gate();
    let imports = 0;
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/projects': { body: [] },
      'POST /api/import/toggl': async (sent, url) => {
        const rows = rowsOf(String(sent)).length;
        if (isDryRun(url)) {
          return {
            body: { rows, projectsToCreate: ['Website'], preview: [], ignoredColumns: [], errors: [] },
          };
        }
        imports++;
        // The second part waits, so the bar can be seen between parts; it refuses its own line 2.
        if (imports === 2) await held.opened;
        const errors = imports === 2 ? [{ line: 2, msg: 'Invalid date "2024-02-30"' }] : [];
        return {
          body: {
            imported: rows - errors.length,
            skipped: 0,
            projectsCreated: imports === 1 ? ['Website'] : [],
            clientsCreated: [],
            ignoredColumns: [],
            errors,
          },
        };
      },
    });
    await openImportPage();
    const user = userEvent.setup();

    await user.upload(await screen.findByLabelText('CSV file'), csvFile(text, 'toggl-detailed.csv'));
    expect(await screen.findByText('toggl-detailed.csv: 2500 rows to import.')).toBeInTheDocument();
    expect(screen.getByText('The file is large; it will be sent in 3 parts.')).toBeInTheDocument();
    expect(screen.getByText('Projects that will be created: Website')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: /Importing/ })).toHaveAttribute('value', '1'),
    );
    expect(screen.getByRole('progressbar', { name: /Importing/ })).toHaveAttribute('max', '3');
    held.open();

    const result = await screen.findByRole('status', { name: 'Report' });
    expect(within(result).getByText('Imported: 2499 entries')).toBeInTheDocument();
    expect(within(result).getByText('Projects created: Website')).toBeInTheDocument();
    const refused = within(result).getByRole('table', { name: 'Refused lines' });
    // Line 2 of the second part is line 1,002 of the file: 1,000 rows of the first part before it.
    expect(within(refused).getByRole('cell', { name: '1002' })).toBeInTheDocument();

    const parts = api
      .callsTo('POST', '/api/import/toggl')
      // Three dry runs (the preview) came first.
      .slice(3)
      .map((c) => String(c.body));
    expect(parts).toHaveLength(3);
    for (const part of parts) expect(part.startsWith(`${header}\r\n`)).toBe(true);
    // Every row once, in the file's order, none cut at the comma or the doubled quotes inside.
    expect(parts.flatMap(rowsOf)).toEqual(body);
  });

  it('says what is wrong when the file is not the chosen tool’s export', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'POST /api/import/harvest': {
        status: 400,
        body: {
          errors: [
            {
              msg: 'This is not a Harvest Detailed time report CSV. Expected the columns: Date, Project, Task, Notes, Hours',
              code: 'UNKNOWN_CSV_HEADER',
              param: 'file',
            },
          ],
        },
      },
    });
    await openImportPage();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Tool' }), 'harvest');
    await user.upload(
      screen.getByLabelText('CSV file'),
      csvFile('Project,Date\r\nX,2024-01-01\r\n', 'wrong.csv'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is not a Harvest Detailed time report CSV. Expected the columns: Date, Project, Task, Notes, Hours',
    );
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
  });
});
