import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { SCHEMA_FILE, webTypes } from './openapi-types.js';

/*
 * The web's API types (web/src/api/schema.d.ts) are generated from the routes' schemas: a route whose schema
 * changed without `npm run gen:types` fails here, so the web cannot type against an API that is no longer there.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("the web's API types", () => {
  it('are what the OpenAPI document of the routes gives now (run npm run gen:types after changing a schema)', async () => {
    const now = await webTypes(t.app);
    const kept = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : '';
    // Compared by line, so a drift names the first route that differs rather than two 2 MB strings.
    const a = kept.split('\n');
    const b = now.split('\n');
    const first = b.findIndex((line, i) => line !== a[i]);
    const at = first === -1 && a.length !== b.length ? Math.min(a.length, b.length) : first;
    expect(at === -1 ? null : { line: at + 1, kept: a.slice(at, at + 3), now: b.slice(at, at + 3) }).toBeNull();
  });

  it('describe a document action with its inputs and the record it answers with', () => {
    const text = fs.readFileSync(SCHEMA_FILE, 'utf8');
    const dispatch = text.slice(text.indexOf('"/api-manage/maintaintask/dispatch": {'));
    expect(dispatch.slice(0, 3000)).toMatch(/assigneeId\?: number \| null;[\s\S]*id: number;/);
  });
});
