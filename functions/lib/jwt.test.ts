import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the token check on AWS, where the signing secret comes from Secrets Manager', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
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
});
