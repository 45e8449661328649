import { describe, expect, it } from 'vitest';
import { newUser } from '../activities/helpers';
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
});
