import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '../contract/endpoints';
import { transactWrite } from '../functions/data/core/transact';
import { newToken, putTokenItem } from '../functions/data/identity/tokens';
import { base32Decode, totp } from '../functions/domain/identity/totp';
import { createVouchers } from '../functions/domain/identity/vouchers';
import { signToken } from '../functions/lib/jwt';
import { handlerOf, ROUTES, type RouteDefinition, routeKey } from '../functions/routes';
import { linkToken, PASSWORD, seedUser, signUp, uniqueEmail } from './accounts/helpers';
import { type ApiResponse, call } from './api';
import { CII_DE } from './einvoice-in/documents';
import { PNG, startUpload, uploadReceipt } from './receipts/helpers';

/**
 * Every route of the route table, called once to succeed and once to be refused. In `npm test` it
 * runs on the sources; `npm run test:bundles` runs it again on the Lambda bundles `cdk deploy`
 * uploads (TIMELEDGER_BUNDLES, see infra/local/bundles.ts), where a bundle that cannot load or
 * answer fails it. An endpoint added to the contract (each is a route) without a success case here
 * fails the first tests.
 */

interface Fixtures {
  email: string;
  token: string;
  projectId: string;
  /** Deleted by their DELETE cases; the other cases use the ones above. */
  spareProjectId: string;
  timeId: string;
  spareTimeId: string;
  financeId: string;
  spareFinanceId: string;
  embed: { userId: string; projectId: string };
  clientId: string;
  spareClientId: string;
  /** A premium account's token for the invoice cases (each makes a client and a project). */
  invoicer: string;
}

let f: Fixtures;

type Success = (f: Fixtures) => Promise<ApiResponse>;

const auth = (f: Fixtures) => ({ token: f.token });
const get = (path: string) => (x: Fixtures) => call('GET', path, auth(x));
const inv = (f: Fixtures) => ({ token: f.invoicer });

/** How each handler is called to succeed, with what this suite's fixtures hold. */
const SUCCESS: Record<string, Success> = {
  login: (x) => call('POST', '/api/auth', { body: { email: x.email, password: PASSWORD } }),
  'get-current-user': get('/api/auth'),
  'login-demo': () => call('POST', '/api/auth/demo'),
  'register-user': () =>
    call('POST', '/api/users', {
      body: { name: 'Hana 花子', email: uniqueEmail('smoke'), password: PASSWORD },
    }),
  logout: async () => {
    const { token } = await signUp(uniqueEmail('leaving-for-now'));
    return call('POST', '/api/auth/logout', { token });
  },
  'update-user': (x) => call('PUT', '/api/users', { ...auth(x), body: { name: 'Hana 花子 🌸' } }),
  'change-email': async () => {
    const { token } = await signUp(uniqueEmail('moving'));
    return call('PUT', '/api/users/email', {
      token,
      body: { email: uniqueEmail('moved'), password: PASSWORD },
    });
  },
  'change-password': async () => {
    const { token } = await signUp(uniqueEmail('careful'));
    return call('PUT', '/api/users/password', {
      token,
      body: { currentPassword: PASSWORD, password: 'a quite different passphrase' },
    });
  },
  'resend-confirmation': (x) => call('POST', '/api/confirmemail', auth(x)),
  'delete-account': async () => {
    const { token } = await signUp(uniqueEmail('leaving'));
    return call('DELETE', '/api/users', { token, body: { password: PASSWORD } });
  },
  'forgot-password': (x) => call('POST', '/api/forgotpassword', { body: { email: x.email } }),
  'reset-password': async () => {
    const { email } = await signUp(uniqueEmail('forgetful'));
    await call('POST', '/api/forgotpassword', { body: { email } });
    const resetToken = await linkToken(email, 'resetpassword');
    const password = 'a brand new passphrase';
    return call('PUT', '/api/resetpassword', { body: { email, password, password2: password, resetToken } });
  },
  'undo-email-change': async () => {
    const { email, token } = await signUp(uniqueEmail('regretful'));
    await call('PUT', '/api/users/email', {
      token,
      body: { email: uniqueEmail('moved'), password: PASSWORD },
    });
    return call('POST', '/api/undoemailchange', {
      body: { token: await linkToken(email, 'undoemailchange') },
    });
  },
  'confirm-email': async (x) =>
    call('GET', `/api/confirmemail/${encodeURIComponent(await linkToken(x.email, 'confirmemail'))}`),
  'claim-voucher-code': async (x) => {
    const [code] = await createVouchers(1);
    return call('POST', `/api/claimvouchercode/${code}`, auth(x));
  },
  'update-user-settings': (x) => call('POST', '/api/usersettings', { ...auth(x), body: { currency: 'GBP' } }),
  'export-user-data': get('/api/exportuserdata'),
  'list-projects': get('/api/projects'),
  'export-time-activities-csv': get('/api/export/timeactivities.csv'),
  'export-finance-activities-csv': get('/api/export/financeactivities.csv'),
  'import-activities': (x) =>
    call('POST', '/api/import/timeledger-time', {
      ...auth(x),
      rawBody:
        'Project,Date,Start,End,Duration,Task,Sub-task,Notes\r\nImported 案件,2026-03-04,09:00,10:30,01:30:00,Design,Logo 🎨,\r\n',
      headers: { 'content-type': 'text/csv' },
    }),
  'create-project': (x) => call('POST', '/api/projects', { ...auth(x), body: { name: 'Ünïcode 案件 🚀' } }),
  'update-project': (x) =>
    call('PUT', `/api/projects/${x.projectId}`, { ...auth(x), body: { description: '100% done #1' } }),
  'delete-project': (x) => call('DELETE', `/api/projects/${x.spareProjectId}`, auth(x)),
  'list-time-activities': (x) => call('GET', `/api/timeactivities/${x.projectId}`, auth(x)),
  'create-time-activity': (x) =>
    call('POST', '/api/timeactivities', {
      ...auth(x),
      body: {
        projectId: x.projectId,
        activity: 'Design',
        duration: 60_000,
        date: '2026-03-02T00:00:00.000Z',
      },
    }),
  'list-timesheet': get('/api/timeactivities?startdate=2026-03-01&enddate=2026-03-31'),
  'get-timer': get('/api/timer'),
  'start-timer': (x) =>
    call('POST', '/api/timer', { ...auth(x), body: { projectId: x.projectId, activity: 'Design' } }),
  'stop-timer': async (x) => {
    await call('POST', '/api/timer', { ...auth(x), body: { projectId: x.projectId, activity: 'Review' } });
    return call('POST', '/api/timer/stop', auth(x));
  },
  'unsubscribe-budget-alerts': async () => {
    const user = await seedUser();
    const token = newToken(user._id);
    await transactWrite([
      putTokenItem(token, {
        kind: 'unsubscribe',
        userId: user._id,
        email: user.email,
        tokenVersion: 0,
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
      }),
    ]);
    return call('POST', '/api/budgetalerts/unsubscribe', { body: { token } });
  },
  'pause-timer': async (x) => {
    await call('POST', '/api/timer', { ...auth(x), body: { projectId: x.projectId } });
    return call('POST', '/api/timer/pause', auth(x));
  },
  'resume-timer': async (x) => {
    await call('POST', '/api/timer', { ...auth(x), body: { projectId: x.projectId } });
    await call('POST', '/api/timer/pause', auth(x));
    return call('POST', '/api/timer/resume', auth(x));
  },
  'discard-timer': async (x) => {
    await call('POST', '/api/timer', { ...auth(x), body: { projectId: x.projectId } });
    return call('DELETE', '/api/timer', auth(x));
  },
  'update-time-activity': (x) =>
    call('PUT', `/api/timeActivities/${x.timeId}`, { ...auth(x), body: { description: 'Logo v2' } }),
  'delete-time-activity': (x) => call('DELETE', `/api/timeActivities/${x.spareTimeId}`, auth(x)),
  'list-finance-activities': (x) => call('GET', `/api/financeactivities/${x.projectId}`, auth(x)),
  'create-finance-activity': (x) =>
    call('POST', '/api/financeactivities', {
      ...auth(x),
      body: { projectId: x.projectId, amount: 12.34, activity: 'Invoice', date: '2026-03-03T00:00:00.000Z' },
    }),
  'update-finance-activity': (x) =>
    call('PUT', `/api/financeActivities/${x.financeId}`, { ...auth(x), body: { amount: 0.01 } }),
  'delete-finance-activity': (x) => call('DELETE', `/api/financeActivities/${x.spareFinanceId}`, auth(x)),
  'list-clients': get('/api/clients'),
  'create-client': (x) =>
    call('POST', '/api/clients', { ...auth(x), body: { name: `Kunde ${Math.random()} 🏢` } }),
  'update-client': (x) =>
    call('PUT', `/api/clients/${x.clientId}`, { ...auth(x), body: { taxId: 'DE 123' } }),
  'delete-client': (x) => call('DELETE', `/api/clients/${x.spareClientId}`, auth(x)),
  'get-tags': get('/api/tags'),
  'get-report': get('/api/reports?groupby=tag'),
  'get-tax-report': get('/api/taxreport?year=2026&period=q1'),
  'get-project-task-list': get('/api/projecttasklist'),
  'get-project-finance-task-list': get('/api/projectfinancetasklist'),
  'get-time-per-project-chart': get('/api/projecttimeperprojectchart'),
  'get-time-tracked-chart': get('/api/projecttimetrackedchart'),
  'get-profit-loss-chart': get('/api/projectprofitlosschart'),
  'get-time-per-task-chart': get('/api/projecttimepertaskchart'),
  'get-time-per-task-grid': get('/api/projecttimepertaskgrid'),
  'get-time-per-subtask-grid': get('/api/projecttimepersubtaskgrid'),
  'get-total-time-tracked-chart': get('/api/projecttotaltimetrackedchart'),
  'get-profit-loss-per-hour-chart': get('/api/projectprofitlossperhourchart'),
  'get-embedded-chart': (x) =>
    call('GET', `/api/embed/${x.embed.userId}/${x.embed.projectId}/timetracked/line`),
  'get-openapi': () => call('GET', '/api/openapi.json'),
  'get-invoice-settings': get('/api/invoicesettings'),
  'update-invoice-settings': (x) =>
    call('PUT', '/api/invoicesettings', { ...auth(x), body: { name: 'Hana 花子', numberPrefix: 'RE-' } }),
  'list-invoices': (x) => call('GET', '/api/invoices', inv(x)),
  'create-invoice': async (x) => call('POST', '/api/invoices', { ...inv(x), body: await invoiceable(x) }),
  'get-invoice': async (x) => call('GET', `/api/invoices/${await draft(x)}`, inv(x)),
  'get-invoice-pdf': async (x) => call('GET', `/api/invoices/${await draft(x)}/pdf`, inv(x)),
  'get-invoice-xrechnung': async (x) => call('GET', `/api/invoices/${await sent(x)}/xrechnung`, inv(x)),
  'get-invoice-ubl': async (x) => call('GET', `/api/invoices/${await sent(x)}/ubl`, inv(x)),
  'update-invoice': async (x) =>
    call('PUT', `/api/invoices/${await draft(x)}`, { ...inv(x), body: { status: 'sent' } }),
  'delete-invoice': async (x) => call('DELETE', `/api/invoices/${await draft(x)}`, inv(x)),
  // Credit notes and invoices sent by email (CONTRACT §9).
  'email-invoice': async (x) =>
    call('POST', `/api/invoices/${await sent(x)}/email`, { ...inv(x), body: { to: uniqueEmail('buyer') } }),
  'start-two-factor': (x) => call('POST', '/api/users/2fa', { ...auth(x), body: { password: PASSWORD } }),
  'confirm-two-factor': async () => (await twoFactorOn()).confirm,
  'disable-two-factor': async () => {
    const { token, secret } = await twoFactorOn();
    const code = totp(base32Decode(secret), Date.now() + 30_000);
    return call('DELETE', '/api/users/2fa', { token, body: { password: PASSWORD, code } });
  },
  'list-api-tokens': get('/api/apitokens'),
  'create-api-token': (x) =>
    call('POST', '/api/apitokens', {
      ...auth(x),
      body: { name: 'Skript 📜', scope: 'read', password: PASSWORD },
    }),
  'delete-api-token': async (x) => {
    const made = await call('POST', '/api/apitokens', {
      ...auth(x),
      body: { name: 'Spare', scope: 'write', password: PASSWORD },
    });
    return call('DELETE', `/api/apitokens/${made.body._id}`, auth(x));
  },
  // Recurring expenses (CONTRACT §9): rules that start in the future, so they book nothing yet.
  'list-recurring-expenses': get('/api/recurringexpenses'),
  'create-recurring-expense': (x) => call('POST', '/api/recurringexpenses', { ...auth(x), body: rule(x) }),
  'update-recurring-expense': async (x) => {
    const id = await created(call('POST', '/api/recurringexpenses', { ...auth(x), body: rule(x) }));
    return call('PUT', `/api/recurringexpenses/${id}`, { ...auth(x), body: { amount: 12.34 } });
  },
  'delete-recurring-expense': async (x) => {
    const id = await created(call('POST', '/api/recurringexpenses', { ...auth(x), body: rule(x) }));
    return call('DELETE', `/api/recurringexpenses/${id}`, auth(x));
  },
  // E-invoices received (issue 37): a supplier's CII in the account's currency, a new number each run.
  'create-expense-from-einvoice': async (x) => {
    const { currency } = (await call('GET', '/api/auth', auth(x))).body as { currency: string };
    return call('POST', '/api/expenses/einvoice', {
      ...auth(x),
      query: { projectid: x.projectId },
      headers: { 'content-type': 'application/xml' },
      rawBody: CII_DE.xml.replace('>2026-117<', `>SMOKE-${Math.random()}<`).replaceAll('EUR', currency),
    });
  },
  // Receipts (issue 37): the presigned URLs the bundles sign must work.
  'create-receipt': (x) => startUpload(x.token, x.financeId, PNG),
  'get-receipt': async (x) => {
    const opened = await call('GET', `/api/receipts/${await uploadReceipt(x.token, x.financeId)}`, auth(x));
    expect(opened.status).toBe(302);
    const file = await fetch(opened.headers.location!);
    return { status: file.status, body: await file.text(), headers: {} };
  },
  'export-user-files': get('/api/exportuserdata/files'),
  'delete-receipt': async (x) =>
    call('DELETE', `/api/receipts/${await uploadReceipt(x.token, x.financeId)}`, auth(x)),
};

/** A recurring expense on the suite's project, due from a day still to come. */
function rule(x: Fixtures) {
  return {
    projectId: x.projectId,
    activity: 'Software 💾',
    amount: 9.99,
    interval: 'monthly',
    startDate: '2031-01-31',
  };
}

/** Everything an e-invoice needs of its seller (CONTRACT §9), so a draft can be sent. */
const SELLER = {
  street: 'Hauptstraße 1',
  postcode: '10115',
  city: 'Berlin',
  email: 'hana@example.com',
  phone: '+49 30 1234567',
  vatId: 'DE123456789',
  iban: 'DE89 3704 0044 0532 0130 00',
};

/** A new client with one project and an hour of billable time: what a draft can be made of. */
async function invoiceable(x: Fixtures) {
  await call('PUT', '/api/invoicesettings', { ...inv(x), body: { name: 'Hana 花子', ...SELLER } });
  const clientId = await created(
    call('POST', '/api/clients', {
      ...inv(x),
      body: { name: `Kunde ${Math.random()}`, postcode: '80331', city: 'München' },
    }),
  );
  const projectId = await created(
    call('POST', '/api/projects', {
      ...inv(x),
      body: { name: `Billed ${Math.random()}`, clientId, hourlyRate: 80 },
    }),
  );
  await created(
    call('POST', '/api/timeactivities', {
      ...inv(x),
      body: { projectId, date: '2026-03-02', duration: 3_600_000 },
    }),
  );
  return { clientId, startdate: '2026-03-01', enddate: '2026-03-31' };
}

/** The id of a new draft invoice. */
const draft = async (x: Fixtures) =>
  created(call('POST', '/api/invoices', { ...inv(x), body: await invoiceable(x) }));

/** The id of a new sent invoice (its e-invoice stored). */
async function sent(x: Fixtures) {
  const id = await draft(x);
  const res = await call('PUT', `/api/invoices/${id}`, { ...inv(x), body: { status: 'sent' } });
  if (res.status !== 200) throw new Error(`send: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

/** A new account with two-factor sign-in turned on (the confirm call's answer kept). */
async function twoFactorOn() {
  const { token } = await signUp(uniqueEmail('second-factor'));
  const start = await call('POST', '/api/users/2fa', { token, body: { password: PASSWORD } });
  const secret = start.body.secret as string;
  const code = totp(base32Decode(secret), Date.now());
  const confirm = await call('POST', '/api/users/2fa/confirm', { token, body: { code } });
  // Turning 2FA on ends the sessions from before it; this one goes on with the token it answers.
  return { token: (confirm.body.token as string | undefined) ?? token, secret, confirm };
}

/**
 * A refusal every route has, read from the route table: a signed-in route without a token is a
 * 401; a public route with a body that is not JSON is a 400. Both come from the bundle's own code.
 */
function refusal(route: RouteDefinition): Promise<ApiResponse> {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => `x-${name}`);
  return route.auth ? call(route.method, path) : call(route.method, path, { rawBody: '{"unclosed":' });
}

const ok = (res: ApiResponse, label: string) => {
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
};

async function created(res: Promise<ApiResponse>): Promise<string> {
  const answer = await res;
  ok(answer, 'fixture');
  return answer.body._id as string;
}

beforeAll(async () => {
  const { email, token } = await signUp(uniqueEmail('smoke'));
  const x = { email, token } as Fixtures;
  const project = (name: string) => created(call('POST', '/api/projects', { token, body: { name } }));
  x.projectId = await project('Client work');
  x.spareProjectId = await project('Spare');
  const time = () =>
    created(
      call('POST', '/api/timeactivities', { token, body: { projectId: x.projectId, duration: 90_000 } }),
    );
  const money = () =>
    created(call('POST', '/api/financeactivities', { token, body: { projectId: x.projectId, amount: 5 } }));
  const client = (name: string) => created(call('POST', '/api/clients', { token, body: { name } }));
  x.clientId = await client('Acme');
  x.spareClientId = await client('Spare client');
  x.timeId = await time();
  x.spareTimeId = await time();
  x.financeId = await money();
  x.spareFinanceId = await money();
  const host = await seedUser({ enableEmbedding: true, premium: true });
  const hostToken = await signToken({ sub: host._id, ver: 0 });
  const embedded = await created(
    call('POST', '/api/projects', { token: hostToken, body: { name: 'Public', enableEmbedding: true } }),
  );
  x.embed = { userId: host._id, projectId: embedded };
  x.invoicer = await signToken({ sub: (await seedUser({ premium: true }))._id, ver: 0 });
  f = x;
}, 120_000);

describe('every route of the route table', () => {
  it('has a success case in this suite', () => {
    const missing = ROUTES.filter((route) => !SUCCESS[route.handler]).map(routeKey);
    expect(missing).toEqual([]);
  });

  // Issue 33: every endpoint of the contract is a route (functions/routes.ts makes one for each),
  // so an endpoint added without its success case here fails this suite; a case left behind by a
  // removed endpoint fails it too.
  it('has a success case for every endpoint of the contract, and none for anything else', () => {
    const handlers = (Object.keys(ENDPOINTS) as EndpointName[]).map(handlerOf);
    expect(handlers.filter((handler) => !SUCCESS[handler])).toEqual([]);
    expect(Object.keys(SUCCESS).filter((handler) => !handlers.includes(handler))).toEqual([]);
  });

  for (const route of ROUTES) {
    it(`${routeKey(route)} succeeds and refuses`, async () => {
      const success = SUCCESS[route.handler];
      if (!success) throw new Error(`no success case for ${routeKey(route)}`);
      ok(await success(f), routeKey(route));
      const refused = await refusal(route);
      expect(refused.status, JSON.stringify(refused.body)).toBe(route.auth ? 401 : 400);
      expect(refused.body.errors[0].code).toBe(route.auth ? 'NO_TOKEN' : 'INVALID_JSON');
    }, 60_000);
  }
});
