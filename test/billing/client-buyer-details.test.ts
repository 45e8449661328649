import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { clientKey } from '../../functions/data/core/keys';
import { newUser, partition } from '../activities/helpers';
import { call } from '../api';

/** CONTRACT §9 "Issuer and client details": a client as the buyer of an e-invoice. */

describe('a client’s buyer details', () => {
  it('takes the address, country, language, VAT ID and buyer reference, and answers them', async () => {
    const user = await newUser();
    const created = await call('POST', '/api/clients', {
      token: user.token,
      body: {
        name: 'Wiener Kaffeehaus GmbH',
        street: 'Kärntner Straße 5',
        postcode: '1010',
        city: 'Wien',
        country: 'at',
        language: 'de',
        vatId: 'atu 1234 5678',
        buyerReference: '991-12345-67',
      },
    });

    expect(created.status).toBe(201);
    const expected = {
      street: 'Kärntner Straße 5',
      postcode: '1010',
      city: 'Wien',
      country: 'AT',
      language: 'de',
      vatId: 'ATU12345678',
      // Release 3's taxId is the same value.
      taxId: 'ATU12345678',
      buyerReference: '991-12345-67',
    };
    expect(created.body).toMatchObject(expected);
    const [listed] = (await call('GET', '/api/clients', { token: user.token })).body;
    expect(listed).toMatchObject(expected);
  });

  it('keeps what an edit leaves out, empties a field sent as null, and moves taxId with vatId', async () => {
    const user = await newUser();
    const { body } = await call('POST', '/api/clients', {
      token: user.token,
      body: { name: 'Acme', street: 'Main St 1', city: 'Paris', country: 'FR', language: 'en' },
    });

    const edited = await call('PUT', `/api/clients/${body._id}`, {
      token: user.token,
      body: { street: null, language: null, taxId: 'FR12345678901' },
    });
    expect(edited.body).toMatchObject({
      street: '',
      city: 'Paris',
      country: 'FR',
      language: null,
      taxId: 'FR12345678901',
      vatId: 'FR12345678901',
    });

    const again = await call('PUT', `/api/clients/${body._id}`, { token: user.token, body: { vatId: '' } });
    expect(again.body).toMatchObject({ vatId: '', taxId: '' });
  });

  it('answers a release-3 client (only taxId) with the VAT ID its taxId is, and DE as country', async () => {
    const user = await newUser();
    const ids = [ulid(), ulid()];
    for (const [clientId, taxId] of [
      [ids[0]!, 'DE811234567'],
      [ids[1]!, 'Steuernr. 12/345/67890'],
    ] as const) {
      await ddb.send(
        new PutCommand({
          TableName: TABLE,
          Item: {
            ...clientKey(user.userId, clientId),
            type: 'CLIENT',
            clientId,
            userId: user.userId,
            name: clientId,
            email: '',
            address: '',
            taxId,
            createdAt: new Date().toISOString(),
          },
        }),
      );
    }
    const byId = new Map(
      (await call('GET', '/api/clients', { token: user.token })).body.map((c: { _id: string }) => [c._id, c]),
    );
    expect(byId.get(ids[0])).toMatchObject({ taxId: 'DE811234567', vatId: 'DE811234567', country: 'DE' });
    expect(byId.get(ids[1])).toMatchObject({ taxId: 'Steuernr. 12/345/67890', vatId: '', language: null });
  });

  it('refuses a malformed VAT ID on an edit with 400 VAT_ID_INVALID and changes nothing', async () => {
    const user = await newUser();
    const { body } = await call('POST', '/api/clients', { token: user.token, body: { name: 'Acme' } });
    const before = await partition(user.userId);

    const res = await call('PUT', `/api/clients/${body._id}`, {
      token: user.token,
      body: { city: 'Köln', vatId: 'DE 123 456 789 012 345' },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'VAT_ID_INVALID', param: 'vatId' });
    expect(await partition(user.userId)).toEqual(before);
  });
});
