import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../api';
import { PASSWORD, uniqueEmail } from './helpers';

// SES is forced to fail here (the only way to see that path); every other test uses the local SES.
const ses = mockClient(SESClient);
ses
  .on(SendEmailCommand)
  .rejects(Object.assign(new Error('Daily message quota exceeded'), { name: 'Throttling' }));
afterAll(() => ses.restore());

describe('when SES refuses to send', () => {
  it('still creates the account and signs the user in, after asking SES for a text and HTML confirmation', async () => {
    const email = uniqueEmail('nomail');

    const res = await call('POST', '/api/users', { body: { name: 'Ada', email, password: PASSWORD } });

    expect(res.status).toBe(200);
    expect((await call('GET', '/api/auth', { token: res.body.token })).body.email).toBe(email);
    const sent = ses.commandCalls(SendEmailCommand).at(-1)?.args[0].input;
    expect(sent?.Destination?.ToAddresses).toEqual([email]);
    expect(sent?.Source).toContain('Timeledger');
    expect(sent?.Message?.Subject?.Data).toBe('Confirm your email address for Timeledger');
    expect(sent?.Message?.Body?.Text?.Data).toMatch(/\/confirmemail\//);
    expect(sent?.Message?.Body?.Html?.Data).toMatch(/<a href="http:\/\/localhost:3000\/confirmemail\//);
  });

  it('answers a reset request exactly as for any address', async () => {
    const email = uniqueEmail('nomail');
    await call('POST', '/api/users', { body: { name: 'Ada', email, password: PASSWORD } });

    const known = await call('POST', '/api/forgotpassword', { body: { email } });
    const unknown = await call('POST', '/api/forgotpassword', { body: { email: uniqueEmail('nobody') } });

    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
  });
});
