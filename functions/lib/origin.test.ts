import { describe, expect, it } from 'vitest';

// As on AWS: the stack gives every function the secret CloudFront sends as `x-origin-verify`.
// Set before the handlers (and their configuration) load.
process.env.ORIGIN_VERIFY = 'cloudfront-origin-secret-for-this-test';
const { call } = await import('../../test/api');

describe('requests that go around CloudFront (ORIGIN_VERIFY set, as on AWS)', () => {
  it('refuses them with 403 before authentication or input is looked at', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { 'x-origin-verify': 'guessed' },
      { 'x-origin-verify': '' },
    ];
    for (const headers of attempts) {
      const res = await call('POST', '/api/auth', { body: { email: 'a@b.example', password: 'x' }, headers });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        errors: [{ msg: 'Use the app’s address, not the API’s own', code: 'NOT_THROUGH_CLOUDFRONT' }],
      });
    }
    const embed = await call('GET', '/api/embed/u/p/projecttimepertaskchart/pie');
    expect(embed.status).toBe(403);
  });

  it('lets requests carrying CloudFront’s secret through to the route itself', async () => {
    const res = await call('GET', '/api/auth', {
      headers: { 'X-Origin-Verify': 'cloudfront-origin-secret-for-this-test' },
    });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('NO_TOKEN');
  });
});
