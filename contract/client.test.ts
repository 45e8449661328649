import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ApiAddresses, addressesOf, createApiClient, invalidationsOf } from './client';
import { ENDPOINTS } from './endpoints';

const addresses = addressesOf(ENDPOINTS) as ApiAddresses;
const client = createApiClient(addresses, { baseUrl: 'https://app.example' });

/** Any text a path parameter could hold, Unicode and URL syntax included (never empty). */
const segment = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 });

describe('a cache key read back as a call (issue 33)', () => {
  it('gives back the path parameters the URL was made with, whatever they hold, with any query', () => {
    fc.assert(
      fc.property(segment, segment, fc.string(), (projectId, id, q) => {
        const list = client.url('listTimeActivities', { path: { projectId }, query: { cursor: q } });
        expect(client.paramsOf('listTimeActivities', list)).toEqual({ projectId });
        const invoice = client.url('getInvoice', { path: { id } });
        expect(client.paramsOf('getInvoice', invoice)).toEqual({ id });
        // Another endpoint's URL is none of its own: the list of all invoices, the timesheet.
        expect(client.paramsOf('listInvoices', invoice)).toBeUndefined();
        expect(client.paramsOf('listTimesheet', list)).toBeUndefined();
      }),
    );
  });

  it('knows a URL only under its own base and path, not a longer or shorter one', () => {
    expect(client.paramsOf('listProjects', 'https://app.example/api/projects?x=1')).toEqual({});
    expect(client.paramsOf('listProjects', '/api/projects')).toBeUndefined();
    expect(client.paramsOf('listProjects', 'https://app.example/api/projects/01J')).toBeUndefined();
    expect(client.paramsOf('getInvoice', 'https://app.example/api/invoices/01J/pdf')).toBeUndefined();
    expect(client.paramsOf('getInvoicePdf', 'https://app.example/api/invoices/01J/pdf')).toEqual({
      id: '01J',
    });
  });
});

describe('the writes’ invalidations as the build defines them', () => {
  it('hold every write and no read, names only', () => {
    const defined = invalidationsOf(ENDPOINTS);
    const writes = Object.entries(ENDPOINTS).filter(([, e]) => e.method !== 'GET');
    expect(Object.keys(defined).sort()).toEqual(writes.map(([name]) => name).sort());
    expect(defined.createTimeActivity).toContain('listProjects');
    expect(JSON.parse(JSON.stringify(defined))).toEqual(defined);
  });
});
