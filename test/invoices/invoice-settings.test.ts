import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { invoiceSettingsKey } from '../../functions/data/core/keys';
import { newUser, partition } from '../activities/helpers';
import { call } from '../api';

/** CONTRACT §8 "Invoices": the issuer's settings, through the API, on DynamoDB Local. */

describe('invoice settings', () => {
  it('answers the defaults, saves what is given and keeps the rest', async () => {
    const user = await newUser();
    const initial = await call('GET', '/api/invoicesettings', { token: user.token });
    expect(initial.body).toEqual({
      name: '',
      address: '',
      taxId: '',
      bankDetails: '',
      paymentTermsDays: 14,
      numberPrefix: '',
      street: '',
      postcode: '',
      city: '',
      country: 'DE',
      email: '',
      phone: '',
      contactName: '',
      vatId: '',
      taxNumber: '',
      iban: '',
      bic: '',
      smallBusiness: false,
      invoiceLanguage: 'en',
    });

    await call('PUT', '/api/invoicesettings', {
      token: user.token,
      body: { name: 'Jörg Weiß', numberPrefix: 'RE-' },
    });
    const saved = await call('PUT', '/api/invoicesettings', {
      token: user.token,
      body: { paymentTermsDays: 30 },
    });

    expect(saved.body).toMatchObject({ name: 'Jörg Weiß', numberPrefix: 'RE-', paymentTermsDays: 30 });
  });

  it('refuses bad settings with 400 and stores nothing', async () => {
    const user = await newUser();
    for (const bad of [
      { paymentTermsDays: -1 },
      { paymentTermsDays: 1.5 },
      { name: 'x'.repeat(201) },
      { numberPrefix: 'a\u0000' },
    ]) {
      const res = await call('PUT', '/api/invoicesettings', { token: user.token, body: bad });
      expect(res.status).toBe(400);
    }
    expect((await call('GET', '/api/invoicesettings', { token: user.token })).body).toMatchObject({
      name: '',
      paymentTermsDays: 14,
    });
  });

  it('saves the seller of the e-invoices: address, contact, identifiers, IBAN, §19 and language', async () => {
    const user = await newUser();
    const saved = await call('PUT', '/api/invoicesettings', {
      token: user.token,
      body: {
        name: 'Jörg Weiß Design',
        street: 'Straße des 17. Juni 1',
        postcode: '10623',
        city: 'Berlin',
        country: 'de',
        email: 'rechnung@weiss.example',
        phone: '+49 30 1234567',
        vatId: 'de 123 456 789',
        taxNumber: '12/345/67890',
        iban: 'de89 3704 0044 0532 0130 00',
        bic: 'COBADEFFXXX',
        smallBusiness: true,
        invoiceLanguage: 'de',
      },
    });

    expect(saved.status).toBe(200);
    const expected = {
      name: 'Jörg Weiß Design',
      street: 'Straße des 17. Juni 1',
      postcode: '10623',
      city: 'Berlin',
      country: 'DE',
      email: 'rechnung@weiss.example',
      phone: '+49 30 1234567',
      // The contact defaults to the name.
      contactName: 'Jörg Weiß Design',
      vatId: 'DE123456789',
      taxNumber: '12/345/67890',
      // Release 3's one identifier is still answered.
      taxId: 'DE123456789',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      smallBusiness: true,
      invoiceLanguage: 'de',
    };
    expect(saved.body).toMatchObject(expected);
    expect((await call('GET', '/api/invoicesettings', { token: user.token })).body).toMatchObject(expected);
  });

  it('reads release 3’s taxId as the VAT ID when it has that form, else as the Steuernummer', async () => {
    const vat = await newUser();
    const number = await newUser();
    await call('PUT', '/api/invoicesettings', { token: vat.token, body: { taxId: 'ATU12345678' } });
    await call('PUT', '/api/invoicesettings', { token: number.token, body: { taxId: '12/345/67890' } });

    expect((await call('GET', '/api/invoicesettings', { token: vat.token })).body).toMatchObject({
      taxId: 'ATU12345678',
      vatId: 'ATU12345678',
      taxNumber: '',
    });
    expect((await call('GET', '/api/invoicesettings', { token: number.token })).body).toMatchObject({
      taxId: '12/345/67890',
      vatId: '',
      taxNumber: '12/345/67890',
    });
  });

  it('reads an item saved by release 3 (only taxId) the same way', async () => {
    const user = await newUser();
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          ...invoiceSettingsKey(user.userId),
          type: 'INVOICESETTINGS',
          userId: user.userId,
          name: 'Alt',
          taxId: '21/815/08150',
          paymentTermsDays: 30,
        },
      }),
    );
    expect((await call('GET', '/api/invoicesettings', { token: user.token })).body).toMatchObject({
      name: 'Alt',
      taxId: '21/815/08150',
      taxNumber: '21/815/08150',
      vatId: '',
      country: 'DE',
      paymentTermsDays: 30,
    });
  });

  it('refuses an IBAN with wrong check digits, a malformed VAT ID or country: 400, nothing stored', async () => {
    const user = await newUser();
    for (const [body, code, param] of [
      [{ iban: 'DE88 3704 0044 0532 0130 00' }, 'IBAN_INVALID', 'iban'],
      [{ iban: 'not an iban' }, 'IBAN_INVALID', 'iban'],
      [{ vatId: '123456789' }, 'VAT_ID_INVALID', 'vatId'],
      [{ vatId: 'DE1' }, 'VAT_ID_INVALID', 'vatId'],
      [{ country: 'DEU' }, 'INVALID_COUNTRY', 'country'],
      [{ smallBusiness: 'yes' }, 'NOT_BOOLEAN', 'smallBusiness'],
      [{ invoiceLanguage: 'fr' }, 'NOT_ONE_OF', 'invoiceLanguage'],
      [{ email: 'nobody' }, 'INVALID_EMAIL', 'email'],
      [{ name: 'Ok', iban: 'DE89370400440532013001' }, 'IBAN_INVALID', 'iban'],
    ] as const) {
      const res = await call('PUT', '/api/invoicesettings', { token: user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code, param });
    }
    expect(await partition(user.userId)).toEqual([]);
  });
});
