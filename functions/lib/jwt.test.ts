import { createHmac } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnauthorizedError } from './errors';
import { signToken, verifyToken } from './jwt';

const KEY = process.env.JWT_SECRET as string;
const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const hmac = (alg: 'sha256' | 'sha512', input: string, key = KEY) =>
  createHmac(alg, key).update(input).digest('base64url');

/** A token made by hand from RFC 7519 with node:crypto, not by the library under test. */
function handMade(payload: unknown, header: unknown = { alg: 'HS256', typ: 'JWT' }, key = KEY): string {
  const input = `${b64(header)}.${b64(payload)}`;
  const alg = (header as { alg?: string }).alg === 'HS512' ? 'sha512' : 'sha256';
  return `${input}.${hmac(alg, input, key)}`;
}

const now = () => Math.floor(Date.now() / 1000);
const session = (extra: Record<string, unknown> = {}) => ({
  sub: 'user-1',
  ver: 3,
  jti: 'abcdefghijklmnopqrstuv',
  iat: now(),
  exp: now() + 3600,
  ...extra,
});

describe('session tokens, checked against a hand-made HS256 (both ways)', () => {
  it('signs tokens whose HS256 signature an independent HMAC reproduces, with an expiry and an id', async () => {
    const token = await signToken({ sub: 'user-1', ver: 3 });
    const [header, payload, signature] = token.split('.') as [string, string, string];

    expect(hmac('sha256', `${header}.${payload}`)).toBe(signature);
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ sub: 'user-1', ver: 3, jti: expect.stringMatching(/^[\w-]{16,64}$/) });
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  });

  it('accepts a token expiring at the end of a full session length, as signed', async () => {
    await expect(verifyToken(handMade(session({ exp: now() + 7 * 24 * 3600 })))).resolves.toMatchObject({
      sub: 'user-1',
    });
  });

  it('accepts a hand-made token with every claim a session needs', async () => {
    await expect(verifyToken(handMade(session()))).resolves.toEqual({
      sub: 'user-1',
      ver: 3,
      jti: 'abcdefghijklmnopqrstuv',
      exp: expect.any(Number),
    });
  });

  const refused: [string, () => string][] = [
    ['alg none without a signature', () => `${b64({ alg: 'none' })}.${b64(session())}.`],
    ['HS512 signed with the right key', () => handMade(session(), { alg: 'HS512', typ: 'JWT' })],
    ['HS256 signed with another key', () => handMade(session(), undefined, 'x'.repeat(40))],
    ['no expiry', () => handMade(session({ exp: undefined }))],
    ['an expiry that is text', () => handMade(session({ exp: String(now() + 3600) }))],
    ['an expiry that has passed', () => handMade(session({ exp: now() - 1 }))],
    ['an expiry of this very second', () => handMade(session({ exp: now() }))],
    ['an expiry 100 years away', () => handMade(session({ exp: now() + 100 * 365 * 24 * 3600 }))],
    [
      'an expiry a few minutes past the session length',
      () => handMade(session({ exp: now() + 7 * 24 * 3600 + 300 })),
    ],
    ['not valid before a time to come', () => handMade(session({ nbf: now() + 60 }))],
    ['a not-before that is text', () => handMade(session({ nbf: 'soon' }))],
    ['no id', () => handMade(session({ jti: undefined }))],
    ['an id too short to be ours', () => handMade(session({ jti: 'short' }))],
    ['a user id that is a number', () => handMade(session({ sub: 42 }))],
    ['a version that is text', () => handMade(session({ ver: '3' }))],
    ['a payload that is a list', () => handMade([session()])],
    ['a payload that is not JSON', () => handMade('not json')],
    [
      'a header that is not JSON',
      () => `${b64('{')}.${b64(session())}.${hmac('sha256', `${b64('{')}.${b64(session())}`)}`,
    ],
    [
      'a changed payload',
      () => handMade(session()).replace(/\.[^.]+\./, `.${b64(session({ sub: 'user-2' }))}.`),
    ],
    ['padding on the signature', () => `${handMade(session())}=`],
    ['four parts', () => `${handMade(session())}.x`],
    ['nothing', () => ''],
  ];
  it.each(refused)('refuses a token with %s as a 401', async (_, make) => {
    await expect(verifyToken(make())).rejects.toBeInstanceOf(UnauthorizedError);
  });
});

describe('the signing secret', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('refuses to start with a local secret shorter than 32 bytes, naming the variable', async () => {
    vi.stubEnv('JWT_SECRET', 'x'.repeat(31));
    vi.resetModules();
    await expect(import('./jwt')).rejects.toThrow(/JWT_SECRET is shorter than 32 bytes/);

    vi.stubEnv('JWT_SECRET', 'é'.repeat(16)); // 16 characters, 32 bytes of UTF-8
    vi.resetModules();
    await expect(import('./jwt')).resolves.toBeDefined();
  });

  it('fails as a server error, not as a refused token, when the secret cannot be read, and reads it again next time', async () => {
    const secrets = mockClient(SecretsManagerClient);
    secrets
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('ServiceUnavailable'))
      .resolves({ SecretString: 'a-signing-secret-of-some-length-0123456789' });
    vi.stubEnv('JWT_SECRET', '');
    vi.stubEnv('JWT_SECRET_ARN', 'arn:aws:secretsmanager:us-east-1:123456789012:secret:jwt');
    vi.resetModules();
    const { signToken, verifyToken } = await import('./jwt');
    const { UnauthorizedError } = await import('./errors');

    const failure = await verifyToken('a.b.c').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(UnauthorizedError);

    const token = await signToken({ sub: 'user-1', ver: 2 });
    await expect(verifyToken(token)).resolves.toMatchObject({ sub: 'user-1', ver: 2 });
    await expect(verifyToken(`${token}x`)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
    secrets.restore();
  });

  it('fails as a server error on a managed secret shorter than 32 bytes, and reads it again next time', async () => {
    const secrets = mockClient(SecretsManagerClient);
    secrets.on(GetSecretValueCommand).resolves({ SecretString: 'too-short' });
    vi.stubEnv('JWT_SECRET', '');
    vi.stubEnv('JWT_SECRET_ARN', 'arn:aws:secretsmanager:us-east-1:123456789012:secret:jwt');
    vi.resetModules();
    const { signToken, verifyToken } = await import('./jwt');
    const { UnauthorizedError } = await import('./errors');

    const failure = await verifyToken('a.b.c').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(UnauthorizedError);
    expect(String(failure)).toMatch(/Secrets Manager is shorter than 32 bytes/);
    await expect(signToken({ sub: 'user-1', ver: 0 })).rejects.toThrow(/shorter than 32 bytes/);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
    secrets.restore();
  });
});
