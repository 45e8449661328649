import { describe, expect, it } from 'vitest';
import { clientAddress } from './rate-limit';

const SECRET = 'origin-verify-secret';
const viaCloudFront = (viewer: string) => ({
  'cloudfront-viewer-address': viewer,
  'x-origin-verify': SECRET,
});

describe('the caller’s address for per-address limits', () => {
  it('is the viewer address CloudFront reports, without its port, on requests CloudFront vouches for', () => {
    expect(clientAddress(viaCloudFront('198.51.100.10:46532'), '130.176.0.1', SECRET)).toBe('198.51.100.10');
    expect(clientAddress(viaCloudFront('2001:db8::8a2e:370:7334:443'), '130.176.0.1', SECRET)).toBe(
      '2001:db8::8a2e:370:7334',
    );
  });

  it('ignores a viewer address sent straight to the API without, or with a wrong, origin-verify header', () => {
    const forged = { 'cloudfront-viewer-address': '198.51.100.10:1' };
    expect(clientAddress(forged, '203.0.113.9', SECRET)).toBe('203.0.113.9');
    expect(clientAddress({ ...forged, 'x-origin-verify': 'guess' }, '203.0.113.9', SECRET)).toBe(
      '203.0.113.9',
    );
  });

  it('ignores the header entirely where no origin-verify secret is configured (the local stack)', () => {
    expect(clientAddress(viaCloudFront('198.51.100.10:1'), '127.0.0.1', undefined)).toBe('127.0.0.1');
  });

  it('is the connection’s address without CloudFront, or when the header is not an address', () => {
    expect(clientAddress({}, '203.0.113.9', SECRET)).toBe('203.0.113.9');
    expect(clientAddress(viaCloudFront('RATE#evil#x'), '203.0.113.9', SECRET)).toBe('203.0.113.9');
  });
});
