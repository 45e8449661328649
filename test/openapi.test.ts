import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../contract/endpoints';
import { makeProject } from '../frontend/src/test/fixtures';
import { ROUTES, routeKey } from '../functions/routes';
import { call } from './api';
import { checkAgainstOpenApi } from './openapi';

const route = (key: string) => ROUTES.find((r) => routeKey(r) === key)!;

describe('GET /api/openapi.json', () => {
  it('describes every route of the route table, and nothing else, as OpenAPI 3.1', async () => {
    const res = await call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const documented = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(ROUTES.map(routeKey).sort());
    expect(
      Object.values(ENDPOINTS)
        .map((e) => `${e.method} ${e.path}`)
        .sort(),
    ).toEqual(ROUTES.map(routeKey).sort());
  });

  it('needs no token and marks the public routes as such', async () => {
    const res = await call('GET', '/api/openapi.json');
    expect(res.body.paths['/api/auth'].post.security).toEqual([]);
    expect(res.body.components.securitySchemes.token).toMatchObject({ in: 'header', name: 'x-auth-token' });
  });

  it('describes both ways of signing in: the session token, and an API token where one is allowed', async () => {
    const res = await call('GET', '/api/openapi.json');
    const { paths, components } = res.body;
    expect(components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(paths['/api/projects'].get.security).toEqual([{ token: [] }, { apiToken: [] }]);
    expect(paths['/api/projects'].get['x-api-token-scope']).toBe('read');
    expect(paths['/api/projects'].post['x-api-token-scope']).toBe('write');
    expect(paths['/api/apitokens'].post.security).toEqual([{ token: [] }]);
    expect(paths['/api/users/password'].put.security).toEqual([{ token: [] }]);
    expect(paths['/api/auth/logout'].post.security).toEqual([{ token: [] }]);
  });

  it('documents the request bodies with the limits the server applies', async () => {
    const res = await call('GET', '/api/openapi.json');
    const body = res.body.paths['/api/timeactivities'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['projectId']);
    expect(body.properties.duration).toMatchObject({
      type: 'number',
      minimum: 0,
      maximum: 366 * 24 * 3_600_000,
    });
  });
});

describe('the check every API test applies to every answer', () => {
  // A new project as the SPA's tests write it, with ids of the API's shape.
  const project = makeProject({ _id: '01J00000000000000000000000', userId: '01J00000000000000000000001' });
  const json = { 'content-type': 'application/json' };

  it('accepts an answer the document describes', () => {
    expect(() => checkAgainstOpenApi(route('GET /api/projects'), 200, json, [project])).not.toThrow();
  });

  it('fails on a status the route does not document', () => {
    expect(() =>
      checkAgainstOpenApi(route('GET /api/projects'), 418, json, { errors: [{ msg: 'teapot' }] }),
    ).toThrow(/does not list/);
  });

  it('fails on a missing field, a field of another type and an undocumented field', () => {
    const { profitLoss: _, ...withoutProfitLoss } = project;
    expect(() => checkAgainstOpenApi(route('GET /api/projects'), 200, json, [withoutProfitLoss])).toThrow(
      /profitLoss/,
    );
    expect(() =>
      checkAgainstOpenApi(route('GET /api/projects'), 200, json, [{ ...project, totalHours: '1' }]),
    ).toThrow(/does not match/);
    expect(() =>
      checkAgainstOpenApi(route('GET /api/projects'), 200, json, [{ ...project, secret: 'x' }]),
    ).toThrow(/does not match/);
  });

  it('fails on an error answer that is not the contract’s error shape', () => {
    expect(() => checkAgainstOpenApi(route('GET /api/projects'), 401, json, { message: 'No' })).toThrow(
      /does not match/,
    );
  });
});
