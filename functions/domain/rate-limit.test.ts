import { describe, expect, it } from 'vitest';
import { clientAddress } from './rate-limit';

describe('the caller’s address for per-address limits', () => {
  it('is the viewer address CloudFront reports, without its port', () => {
    expect(clientAddress({ 'cloudfront-viewer-address': '198.51.100.10:46532' }, '130.176.0.1')).toBe(
      '198.51.100.10',
    );
    expect(clientAddress({ 'cloudfront-viewer-address': '2001:db8::8a2e:370:7334:443' }, '130.176.0.1')).toBe(
      '2001:db8::8a2e:370:7334',
    );
  });

  it('is the connection’s address without CloudFront, or when the header is not an address', () => {
    expect(clientAddress({}, '203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddress({ 'cloudfront-viewer-address': 'RATE#evil#x' }, '203.0.113.9')).toBe('203.0.113.9');
  });
});
