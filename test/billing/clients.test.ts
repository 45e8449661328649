import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { newProject, newUser, partition } from '../activities/helpers';
import { call } from '../api';

describe('clients', () => {
  it('adds a client with any Unicode, lists clients by name and answers their fields', async () => {
    const user = await newUser();

    const acme = await call('POST', '/api/clients', {
      token: user.token,
      body: {
        name: '  ACME GmbH  ',
        email: 'billing@acme.example',
        address: 'Hauptstraße 1\n10115 Berlin',
        taxId: 'DE123456789',
      },
    });
    const japanese = await call('POST', '/api/clients', {
      token: user.token,
      body: { name: '株式会社 🍣 #1 %' },
    });
    const beta = await call('POST', '/api/clients', { token: user.token, body: { name: 'beta studio' } });

    expect(acme.status).toBe(201);
    expect(acme.body).toEqual({
      _id: expect.any(String),
      name: 'ACME GmbH',
      email: 'billing@acme.example',
      address: 'Hauptstraße 1\n10115 Berlin',
      taxId: 'DE123456789',
      // Release 3's taxId of a VAT ID's form is the VAT ID (CONTRACT §9).
      vatId: 'DE123456789',
      street: '',
      postcode: '',
      city: '',
      country: 'DE',
      language: null,
      buyerReference: '',
      createdAt: expect.any(String),
    });
    expect(japanese.body).toMatchObject({ name: '株式会社 🍣 #1 %', email: '', address: '', taxId: '' });
    const list = await call('GET', '/api/clients', { token: user.token });
    expect(list.body.map((c: { name: string }) => c.name)).toEqual([
      'ACME GmbH',
      'beta studio',
      '株式会社 🍣 #1 %',
    ]);
    expect(beta.status).toBe(201);
  });

  it('refuses a second client with the same name in another case: 400 CLIENT_NAME_TAKEN, nothing stored', async () => {
    const user = await newUser();
    await call('POST', '/api/clients', { token: user.token, body: { name: 'Acme' } });
    const before = await partition(user.userId);

    const res = await call('POST', '/api/clients', { token: user.token, body: { name: 'ACME' } });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'CLIENT_NAME_TAKEN', param: 'name' });
    expect(await partition(user.userId)).toEqual(before);
  });

  it('lets only one of many concurrent creates with one name win', async () => {
    const user = await newUser();

    const results = await Promise.all(
      ['Race', 'race', 'RACE', 'Race', 'rAce'].map((name) =>
        call('POST', '/api/clients', { token: user.token, body: { name } }),
      ),
    );

    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(4);
    expect((await call('GET', '/api/clients', { token: user.token })).body).toHaveLength(1);
  });

  it('renames a client, frees its old name and keeps the new one unique', async () => {
    const user = await newUser();
    const a = await call('POST', '/api/clients', { token: user.token, body: { name: 'Old name' } });
    await call('POST', '/api/clients', { token: user.token, body: { name: 'Taken' } });

    const renamed = await call('PUT', `/api/clients/${a.body._id}`, {
      token: user.token,
      body: { name: 'New name', email: null, taxId: 'ATU1' },
    });
    const clash = await call('PUT', `/api/clients/${a.body._id}`, {
      token: user.token,
      body: { name: 'taken' },
    });
    const reuse = await call('POST', '/api/clients', { token: user.token, body: { name: 'old NAME' } });
    const sameInOtherCase = await call('PUT', `/api/clients/${a.body._id}`, {
      token: user.token,
      body: { name: 'NEW NAME' },
    });

    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'New name', email: '', taxId: 'ATU1' });
    expect(clash.status).toBe(400);
    expect(clash.body.errors[0].code).toBe('CLIENT_NAME_TAKEN');
    expect(reuse.status).toBe(201);
    expect(sameInOtherCase.status).toBe(200);
    expect(sameInOtherCase.body.name).toBe('NEW NAME');
  });

  it('answers 404 for another user’s client on edit, delete and as a project’s client, and changes nothing', async () => {
    const owner = await newUser();
    const other = await newUser();
    const client = await call('POST', '/api/clients', { token: owner.token, body: { name: 'Private' } });
    const before = await partition(other.userId);

    const edit = await call('PUT', `/api/clients/${client.body._id}`, {
      token: other.token,
      body: { name: 'Mine' },
    });
    const del = await call('DELETE', `/api/clients/${client.body._id}`, { token: other.token });
    const project = await call('POST', '/api/projects', {
      token: other.token,
      body: { name: 'Sneaky', clientId: client.body._id },
    });
    const malformed = await call('DELETE', '/api/clients/not-an-id', { token: owner.token });

    for (const res of [edit, del, project, malformed]) {
      expect(res.status).toBe(404);
      expect(res.body.errors[0].code).toBe('CLIENT_NOT_FOUND');
    }
    expect(await partition(other.userId)).toEqual(before);
    expect((await call('GET', '/api/clients', { token: owner.token })).body[0].name).toBe('Private');
  });

  it('gives projects a client and a billable default, and filters nothing away on the list', async () => {
    const user = await newUser({ premium: true });
    const client = await call('POST', '/api/clients', { token: user.token, body: { name: 'Acme' } });

    const created = await call('POST', '/api/projects', {
      token: user.token,
      body: { name: 'Website', clientId: client.body._id.toLowerCase(), billableByDefault: false },
    });
    const plain = await newProject(user, 'Internal');
    const moved = await call('PUT', `/api/projects/${plain}`, {
      token: user.token,
      body: { clientId: client.body._id },
    });
    const cleared = await call('PUT', `/api/projects/${created.body._id}`, {
      token: user.token,
      body: { clientId: null },
    });

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ clientId: client.body._id, billableByDefault: false });
    expect(moved.body).toMatchObject({ clientId: client.body._id, billableByDefault: true });
    expect(cleared.body).toMatchObject({ clientId: null, billableByDefault: false });
  });

  it('deletes a client and keeps its projects, now without a client', async () => {
    const user = await newUser({ premium: true });
    const client = await call('POST', '/api/clients', { token: user.token, body: { name: 'Gone soon' } });
    const other = await call('POST', '/api/clients', { token: user.token, body: { name: 'Stays' } });
    const a = await call('POST', '/api/projects', {
      token: user.token,
      body: { name: 'A', clientId: client.body._id },
    });
    const b = await call('POST', '/api/projects', {
      token: user.token,
      body: { name: 'B', clientId: other.body._id },
    });

    const res = await call('DELETE', `/api/clients/${client.body._id}`, { token: user.token });

    expect(res.status).toBe(204);
    const projects = (await call('GET', '/api/projects', { token: user.token })).body as {
      _id: string;
      clientId: string | null;
    }[];
    expect(projects.find((p) => p._id === a.body._id)?.clientId).toBeNull();
    expect(projects.find((p) => p._id === b.body._id)?.clientId).toBe(other.body._id);
    expect(
      (await call('GET', '/api/clients', { token: user.token })).body.map((c: { name: string }) => c.name),
    ).toEqual(['Stays']);
    // The name is free again.
    expect(
      (await call('POST', '/api/clients', { token: user.token, body: { name: 'GONE SOON' } })).status,
    ).toBe(201);
    expect((await call('DELETE', `/api/clients/${client.body._id}`, { token: user.token })).status).toBe(404);
  });

  it('refuses bad client input with a clear 400 and stores nothing', async () => {
    const user = await newUser();
    const cases = [
      [{}, 'FIELD_REQUIRED'],
      [{ name: '   ' }, 'FIELD_REQUIRED'],
      [{ name: 'x'.repeat(201) }, 'TEXT_TOO_LONG'],
      [{ name: 'Ok', email: 'not an address' }, 'INVALID_EMAIL'],
      [{ name: 'Ok', address: 'a'.repeat(2001) }, 'TEXT_TOO_LONG'],
      [{ name: 'Ok', taxId: 5 }, 'NOT_TEXT'],
      [{ name: 'Ok', vatId: 'DE 1' }, 'VAT_ID_INVALID'],
      [{ name: 'Ok', vatId: '123456789' }, 'VAT_ID_INVALID'],
      [{ name: 'Ok', country: 'Germany' }, 'INVALID_COUNTRY'],
      [{ name: 'Ok', language: 'fr' }, 'NOT_ONE_OF'],
      [{ name: 'Bad \ud800' }, 'ILL_FORMED_UNICODE'],
      [{ _id: 'nope', name: 'Ok' }, 'INVALID_ID'],
    ] as const;
    for (const [body, code] of cases) {
      const res = await call('POST', '/api/clients', { token: user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].code).toBe(code);
    }
    expect(await partition(user.userId)).toEqual([]);
  });

  it('answers a repeated create with the same client id with the stored client', async () => {
    const user = await newUser();
    const body = { _id: ulid(), name: 'Retry' };

    const first = await call('POST', '/api/clients', { token: user.token, body });
    const again = await call('POST', '/api/clients', { token: user.token, body });

    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });
});
