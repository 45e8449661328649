import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SPA_FALLBACK_FILE } from './constructs/web';

/** The deployed code, run as CloudFront runs it: a `handler(event)` in a context of its own. */
const code = readFileSync(SPA_FALLBACK_FILE, 'utf8');

/** A viewer-request event in the shape CloudFront Functions document (event structure, version 1.0). */
function viewerRequest(uri: string) {
  return {
    version: '1.0',
    context: {
      distributionDomainName: 'd111111abcdef8.cloudfront.net',
      distributionId: 'EDFDVBD6EXAMPLE',
      eventType: 'viewer-request',
      requestId: '4TyzHTaYWb1GX1qTfsHhEqV6HUDd_BzoBZnwfnvQc_1oF26ClkoUSEQ==',
    },
    viewer: { ip: '198.51.100.11' },
    request: {
      method: 'GET',
      uri,
      querystring: { utm_source: { value: 'mail' } },
      headers: { host: { value: 'timeledger.example' }, accept: { value: 'text/html' } },
      cookies: {},
    },
  };
}

const servedPath = (uri: string): string => {
  const request = runInNewContext(`${code}\nhandler(event)`, { event: viewerRequest(uri) }) as {
    uri: string;
    headers: unknown;
    querystring: unknown;
  };
  return request.uri;
};

describe('the SPA’s history fallback (CloudFront Function, viewer request)', () => {
  it('sends app routes, with or without a trailing slash, to /index.html', () => {
    for (const uri of ['/', '/projects', '/projects/', '/dashboard', '/settings/', '/subscribe/premium']) {
      expect(servedPath(uri), uri).toBe('/index.html');
    }
  });

  it('sends deep links to /index.html even when their last segment holds a dot or a long token', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMUhaWTNNNlE0In0.c2lnbmF0dXJlLXBhcnQtb2YtdGhlLXRva2Vu';
    for (const uri of [
      '/projectdetails/01HZY3M6Q4W8Z2J5K7N9P1R3T5',
      `/resetpassword/${jwt}`,
      `/confirmemail/${'a1b2c3d4'.repeat(16)}`,
      '/resetpassword/abc.def/',
      '/timeactivity/v1.2.3',
    ]) {
      expect(servedPath(uri), uri).toBe('/index.html');
    }
  });

  it('leaves built files alone: hashed assets, the embed bundle, favicon.ico, robots.txt, index.html', () => {
    for (const uri of [
      '/assets/main-4F2A9QZB.js',
      '/assets/chunk-ZK3LQ7AB.js',
      '/assets/main-4F2A9QZB.css',
      '/assets/logo-7Q2M4N6P.svg',
      '/embed/timeledger-embed.js',
      '/embed/example.html',
      '/favicon.ico',
      '/robots.txt',
      '/index.html',
    ]) {
      expect(servedPath(uri), uri).toBe(uri);
    }
  });

  it('changes nothing but the path of the request', () => {
    const event = viewerRequest('/projects');
    const request = runInNewContext(`${code}\nhandler(event)`, { event }) as Record<string, unknown>;
    expect(request).toEqual({ ...viewerRequest('/projects').request, uri: '/index.html' });
  });
});
