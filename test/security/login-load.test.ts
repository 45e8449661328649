import { performance } from 'node:perf_hooks';
import { describe, expect, it, vi } from 'vitest';
import { PRODUCTION_HASH_N, setHashCostForTests } from '../../functions/domain/identity/hash-cost';
import { PASSWORD, signUp, uniqueEmail } from '../accounts/helpers';
import { type ApiResponse, call } from '../api';

// Sign-ins under load: each hash at its real cost (test/setup-env.ts lowers it for other files).
setHashCostForTests(PRODUCTION_HASH_N);

/**
 * Issue 35, item 2, reproduced as the audit did it: many logins at once, each a real scrypt hash
 * (N=2^17) in this one process — one Lambda instance, or the local server — with the function's
 * real 10 s timeout (`timed`: middy answers 500 at it). Before the fix 20 hashes ran at once and
 * every one ran past the timeout; now at most a few hash at once, and the rest are answered early
 * with 503 `SIGN_IN_BUSY` and `Retry-After`. Bounded: 40 + 60 attempts, at most 20 in flight.
 */
vi.setConfig({ testTimeout: 240_000 });

let ipCounter = 10;
const freshIp = () => `198.51.100.${ipCounter++}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Timed extends ApiResponse {
  ms: number;
}

async function login(email: string, password: string, sourceIp: string): Promise<Timed> {
  const started = performance.now();
  const res = await call('POST', '/api/auth', { body: { email, password }, sourceIp, timed: true });
  return { ...res, ms: performance.now() - started };
}

/** `tasks` run by `workers` at a time, in order; every answer kept. */
async function inPool<T>(tasks: Array<() => Promise<T>>, workers: number): Promise<T[]> {
  const queue = [...tasks];
  const answers: T[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let task = queue.shift(); task; task = queue.shift()) answers.push(await task());
    }),
  );
  return answers;
}

const retryAfter = (res: ApiResponse) => Number(res.headers['retry-after']);

/** A refusal to come back later must say when: a whole number of seconds, at least 1. */
function expectRetryAfter(res: ApiResponse) {
  expect(Number.isInteger(retryAfter(res)), JSON.stringify(res.headers)).toBe(true);
  expect(retryAfter(res)).toBeGreaterThanOrEqual(1);
}

/**
 * No 500 and no other server error: the only 5xx is 503 `SIGN_IN_BUSY` with `Retry-After` (too
 * many hashing at once, try again then), and every answer came before the function's 10 s
 * timeout — refused early, never timed out.
 */
function expectNoServerError(answers: Timed[]) {
  expect(answers.filter((a) => a.status >= 500 && a.status !== 503).map((a) => a.status)).toEqual([]);
  for (const busy of answers.filter((a) => a.status === 503)) {
    expect(busy.body.errors[0]).toMatchObject({
      code: 'SIGN_IN_BUSY',
      msg: 'Too many sign-ins at the same time. Please try again in a few seconds.',
    });
    expectRetryAfter(busy);
  }
  expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(10_000);
}

/** The owner's correct login: 200, or a 503/429 with `Retry-After` that succeeds when retried then. */
async function ownerGetsIn(first: Timed, email: string, sourceIp: string) {
  let res = first;
  for (let attempt = 0; attempt < 3 && res.status !== 200; attempt++) {
    expect([429, 503]).toContain(res.status);
    expectRetryAfter(res);
    expect(retryAfter(res)).toBeLessThanOrEqual(30);
    await sleep(retryAfter(res) * 1000);
    res = await login(email, PASSWORD, sourceIp);
  }
  expect(res.status).toBe(200);
  expect(typeof res.body.token).toBe('string');
}

describe('logins under load (issue 35, item 2)', () => {
  it('answers no 500 to 40 wrong logins to unknown addresses, 20 at a time, and lets the owner in during the burst', async () => {
    const { email } = await signUp(uniqueEmail(), 'Ada', PASSWORD, freshIp());
    const attacker = freshIp();
    const burst = inPool(
      Array.from({ length: 40 }, () => () => login(uniqueEmail('nobody'), 'wrong password', attacker)),
      20,
    );
    const ownerIp = freshIp();
    const owner = sleep(300).then(() => login(email, PASSWORD, ownerIp));
    const answers = await burst;

    expectNoServerError(answers);
    for (const answer of answers.filter((a) => a.status !== 503)) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].msg).toBe('Invalid Credentials');
    }
    // Some hashes ran (the wrong passwords were checked), and the rest were turned away.
    expect(answers.filter((a) => a.status === 400).length).toBeGreaterThan(0);
    const first = await owner;
    expectNoServerError([first]);
    await ownerGetsIn(first, email, ownerIp);
  });

  it('after 60 parallel failures on one account, the correct password answers 200 or 429 (locked), never 500', async () => {
    const { email } = await signUp(uniqueEmail(), 'Ada', PASSWORD, freshIp());
    const attackers = Array.from({ length: 6 }, freshIp);
    const failures = await inPool(
      Array.from({ length: 60 }, (_, i) => () => login(email, 'wrong password', attackers[i % 6] as string)),
      60,
    );
    expectNoServerError(failures);
    expect(failures.filter((a) => ![400, 429, 503].includes(a.status))).toEqual([]);

    // From one of the guessing addresses: locked (429 with Retry-After), busy for a moment (503
    // with Retry-After), or — if its guesses were turned away unchecked — let in.
    let fromAttacker = await login(email, PASSWORD, attackers[0] as string);
    expectNoServerError([fromAttacker]);
    if (fromAttacker.status === 503) {
      await sleep(retryAfter(fromAttacker) * 1000);
      fromAttacker = await login(email, PASSWORD, attackers[0] as string);
    }
    expect([200, 429]).toContain(fromAttacker.status);
    if (fromAttacker.status === 429) {
      expect(fromAttacker.body.errors[0].code).toBe('TOO_MANY_LOGINS');
      expectRetryAfter(fromAttacker);
    }
    // The owner from elsewhere, three times in a row: in every time (after the growing delay).
    const ownerIp = freshIp();
    for (let i = 0; i < 3; i++) {
      const res = await login(email, PASSWORD, ownerIp);
      expectNoServerError([res]);
      await ownerGetsIn(res, email, ownerIp);
    }
  });
});
