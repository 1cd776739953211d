import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
});
afterAll(async () => t?.close());

const fill = (url: string) => url.replace(/:(\w+)/g, '1');

describe('an access token in the query', () => {
  it('is refused with 401 on every route that does not take one', async () => {
    const guarded = t.app.routeCatalogue.filter(
      (r) => !r.config.public && !r.config.queryToken && !r.url.startsWith('/api-docs') && r.url !== '*',
    );
    expect(guarded.length).toBeGreaterThan(100);
    for (const r of guarded) {
      for (const name of ['access_token', 'token']) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: `${fill(r.url)}?${name}=${token}`,
          headers: { lang: 'en' },
          ...(r.method === 'GET' ? {} : { payload: {} }),
        });
        expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({
          route: `${r.method} ${r.url}`,
          status: 401,
        });
        expect(res.json().error_description).toBe(
          'Send the access token in the Authorization header, not in the address',
        );
      }
    }
  });

  it('is taken where a client cannot send a header: file downloads, import templates', async () => {
    const taking = t.app.routeCatalogue.filter((r) => r.config.queryToken).map((r) => `${r.method} ${r.url}`);
    expect(taking).toContain('GET /api-core/download/file/:id');
    expect(taking).toContain('GET /webSocket/:userId');
    expect(taking.filter((r) => r.startsWith('GET /api-file/statics/template/file/')).length).toBeGreaterThan(5);
    expect(taking.every((r) => r.startsWith('GET '))).toBe(true);

    const template = await t.call('GET', `/api-file/statics/template/file/users.xlsx?access_token=${token}`);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toMatch(/spreadsheetml/);
    const download = await t.call('GET', `/api-core/download/file/999999?access_token=${token}`);
    expect(download.statusCode).toBe(404);
  });

  it('does not replace the header anywhere', async () => {
    const r = await t.call('GET', '/api-user/users/current', token);
    expect(r.statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('marks every public route, and only those, as needing no token (security: []), and person-only routes as taking no API key', async () => {
    const doc = (await t.call('GET', '/api-docs/json')).json();
    expect(doc.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    const byPath = new Map(t.app.routeCatalogue.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r]));
    const seen: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { security?: unknown }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const key = `${method.toUpperCase()} ${path}`;
        const route = byPath.get(key);
        if (!route) continue;
        seen.push(key);
        expect({ route: key, security: op.security }).toEqual({
          route: key,
          security: route.config.public
            ? []
            : route.config.personOnly || route.config.selfService
              ? [{ bearer: [] }]
              : undefined,
        });
      }
    }
    expect(seen).toContain('GET /health');
    expect(seen).toContain('GET /sys/logout');
    expect(seen).toContain('POST /sys/login');
    expect(seen).toContain('POST /api-integration/apiKeys/save');
    expect(seen.length).toBeGreaterThan(100);
  });
});
