import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUserById, type UserRecord } from '../../functions/data/identity/users';
import { checkProjectAlerts } from '../../functions/domain/billing/budget-alerts';
import { handler as budgetAlerts } from '../../functions/handlers/budget-alerts';
import { signToken } from '../../functions/lib/jwt';
import { STREAM_CONSUMERS } from '../../functions/routes';
import { enableStream } from '../../infra/local/dynamodb';
import { feedStream, type StreamFeed } from '../../infra/local/stream-feed';
import { inbox, type Mail, seedUser } from '../accounts/helpers';
import { call } from '../api';

/**
 * Budget alerts end to end on the local stack's pieces: entries written through the API change a
 * project's totals in DynamoDB Local, its stream feeds the alert function (`infra/local/stream-feed.ts`,
 * what `npm start` runs) and the emails are read back from the local SES inbox.
 */

const H = 3_600_000;
let feed: StreamFeed;

beforeAll(async () => {
  await enableStream(process.env.DYNAMODB_ENDPOINT ?? '', process.env.TABLE_NAME ?? '');
  feed = await feedStream(
    process.env.DYNAMODB_ENDPOINT ?? '',
    process.env.TABLE_NAME ?? '',
    STREAM_CONSUMERS,
    100,
  );
});
afterAll(() => feed());

async function signedIn(overrides: Partial<UserRecord> = {}) {
  const user = await seedUser({ emailConfirmed: true, ...overrides });
  return { user, token: await signToken({ sub: user._id, ver: user.tokenVersion }) };
}

async function project(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await call('POST', '/api/projects', { token, body: { name: 'Relaunch 🚀', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id;
}

const track = (token: string, projectId: string, duration: number) =>
  call('POST', '/api/timeactivities', { token, body: { projectId, duration } });
const book = (token: string, projectId: string, amount: number, expense = false) =>
  call('POST', '/api/financeactivities', { token, body: { projectId, amount, expense } });

/** Waits until the address has `count` emails (the stream, the function and SES take a moment). */
async function mailsFor(address: string, count: number, timeoutMs = 20_000): Promise<Mail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await inbox(address);
    if (mails.length >= count || Date.now() > until) return mails;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * What a settled inbox holds: once the feed has polled the stream after every write so far and
 * found nothing new, every alert those writes could send has been sent.
 */
async function settled(address: string): Promise<Mail[]> {
  await feed.quiet();
  return inbox(address);
}

describe('budget alerts by email', () => {
  it('mails once at 80 % and once at 100 % of a budget, and nothing more while it goes on', async () => {
    const { user, token } = await signedIn();
    const projectId = await project(token, { budget: { kind: 'hours', amount: 10, period: 'total' } });

    await track(token, projectId, 7 * H);
    await track(token, projectId, 1.5 * H);
    const first = await mailsFor(user.email, 1);
    await track(token, projectId, H);
    await track(token, projectId, H);
    await track(token, projectId, 2 * H);

    const mails = await mailsFor(user.email, 2);
    expect(first.map((m) => m.subject)).toEqual(['Relaunch 🚀 has used 85 % of its budget']);
    expect((await settled(user.email)).map((m) => m.subject)).toEqual([
      'Relaunch 🚀 has used 85 % of its budget',
      'Relaunch 🚀 has used up its budget',
    ]);
    expect(mails[0]?.body.text).toContain('has used 8 h 30 min of its budget of 10 h: 85 %.');
    expect(mails[1]?.body.text).toContain(`${process.env.APP_URL}/projectdetails/${projectId}`);
    expect(mails[1]?.body.text).toMatch(new RegExp(`${process.env.APP_URL}/unsubscribe/\\S+`));
  });

  it('sends nothing twice when the same stream records are delivered again', async () => {
    const { user, token } = await signedIn();
    const projectId = await project(token, { budget: { kind: 'hours', amount: 1, period: 'total' } });
    await track(token, projectId, H);
    await mailsFor(user.email, 1);

    // Lambda retries a failed batch whole: the records of projects already alerted come again.
    const retried = await budgetAlerts({
      Records: [
        {
          eventName: 'MODIFY',
          dynamodb: {
            NewImage: { type: { S: 'PROJECT' }, userId: { S: user._id }, projectId: { S: projectId } },
          },
        },
      ],
    } as never);

    expect(retried).toEqual({ alertsSent: 0, batchItemFailures: [] });
    expect(await settled(user.email)).toHaveLength(1);
  });

  it('mails in German when the user chose German, with a money budget of this month', async () => {
    const { user, token } = await signedIn({ language: 'de', numberFormat: 'de-DE' });
    const projectId = await project(token, {
      hourlyRate: 100,
      budget: { kind: 'money', amount: 500, period: 'monthly' },
    });

    await track(token, projectId, 4 * H);

    const [mail] = await mailsFor(user.email, 1);
    expect(mail?.subject).toBe('Relaunch 🚀 hat 80 % seines Budgets verbraucht');
    // Intl writes a no-break space before the euro sign.
    expect(mail?.body.text).toMatch(
      /hat 400,00\s€ seines Budgets von 500,00\s€ für diesen Monat verbraucht: 80 %\./,
    );
  });

  it('mails once when the earned rate falls below the target, and not again this month after it recovered', async () => {
    const { user, token } = await signedIn();
    const projectId = await project(token, { targetHourlyRate: 60 });
    await book(token, projectId, 600);
    await track(token, projectId, 5 * H); // 120 an hour

    await track(token, projectId, 6 * H); // 600 ÷ 11 h = 54.55: below
    const [fall] = await mailsFor(user.email, 1);
    await track(token, projectId, H); // still below
    await book(token, projectId, 600); // 1,200 ÷ 12 h = 100: recovered
    await settled(user.email);
    await track(token, projectId, 10 * H); // 1,200 ÷ 22 h = 54.55: below again

    expect(fall?.subject).toBe('Relaunch 🚀 now earns less than your target of €60.00 an hour');
    expect(fall?.body.text).toContain('has earned €54.55 an hour so far');
    // Once a month at most (issue 35): a later month's fall is in alert-floods.test.ts.
    expect(await settled(user.email)).toHaveLength(1);
  });

  it('sends no rate alert while the project has hours but no income yet (issue 34, item 2)', async () => {
    const { user, token } = await signedIn();
    const projectId = await project(token, { targetHourlyRate: 80 });

    await track(token, projectId, 2 * H); // a brand-new project's first entries: no income yet
    await track(token, projectId, 3 * H);

    expect(await settled(user.email)).toEqual([]);
  });

  it('sends nothing when budgetAlerts is off', async () => {
    const { user, token } = await signedIn();
    const off = await call('POST', '/api/usersettings', { token, body: { budgetAlerts: false } });
    expect(off.body.budgetAlerts).toBe(false);
    const projectId = await project(token, { budget: { kind: 'hours', amount: 1, period: 'total' } });

    await track(token, projectId, 2 * H);

    expect(await settled(user.email)).toEqual([]);
  });

  it('turns alerts off through the link in the email, without signing in', async () => {
    const { user, token } = await signedIn();
    const projectId = await project(token, { budget: { kind: 'hours', amount: 1, period: 'total' } });
    await track(token, projectId, H);
    const [mail] = await mailsFor(user.email, 1);
    const link = /\/unsubscribe\/(\S+)/.exec(mail?.body.text ?? '')?.[1] ?? '';

    const res = await call('POST', '/api/budgetalerts/unsubscribe', {
      body: { token: decodeURIComponent(link) },
    });
    const again = await call('POST', '/api/budgetalerts/unsubscribe', {
      body: { token: decodeURIComponent(link) },
    });

    expect(res.status).toBe(200);
    expect(again.status).toBe(200);
    expect((await getUserById(user._id))?.budgetAlerts).toBe(false);
    expect((await call('GET', '/api/auth', { token })).body.budgetAlerts).toBe(false);
    const bad = await call('POST', '/api/budgetalerts/unsubscribe', { body: { token: `${user._id}.nope` } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('UNSUBSCRIBE_LINK_INVALID');
  });
});

describe('budget alerts of a monthly budget', () => {
  it('mails again for the same threshold in a new calendar month, and once per month only', async () => {
    const { user, token } = await signedIn();
    const projectId = await project(token, { budget: { kind: 'hours', amount: 10, period: 'monthly' } });
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 9));
    // Last month's hours: this month's budget is untouched, so the stream's check sends nothing.
    const past = await call('POST', '/api/timeactivities', {
      token,
      body: {
        projectId,
        date: lastMonth.toISOString(),
        startTime: lastMonth.toISOString(),
        duration: 9 * H,
      },
    });
    expect(past.status, JSON.stringify(past.body)).toBe(201);
    expect(await settled(user.email)).toEqual([]);

    // Checked as of last month, the 90 % of that month is alerted once.
    const inLastMonth = new Date(lastMonth.getTime() + 2 * 86_400_000);
    expect(await checkProjectAlerts(user._id, projectId, inLastMonth)).toBe(1);
    expect(await checkProjectAlerts(user._id, projectId, inLastMonth)).toBe(0);
    await track(token, projectId, 8 * H);

    const mails = await mailsFor(user.email, 2);
    expect((await settled(user.email)).map((m) => m.subject)).toEqual([
      'Relaunch 🚀 has used 90 % of its budget',
      'Relaunch 🚀 has used 80 % of its budget',
    ]);
    expect(mails[1]?.body.text).toContain('has used 8 h of its budget of 10 h for this month: 80 %.');
  });
});
