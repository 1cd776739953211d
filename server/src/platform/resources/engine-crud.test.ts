import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { metaPath } from './meta.js';
import { allEntities, findEntity } from './registry.js';
import {
  api,
  can,
  type Json,
  type Maker,
  path,
  sampleBody,
  secondTenant,
  tenantOf,
  userWithoutRights,
} from './testkit.js';
import type { EntityDef, WireRow } from './types.js';

/*
 * Every declared entity, through the real app: create, read, update, delete, validation naming the field,
 * uniqueness, refusal while referenced, tenant isolation and permission refusal.
 */

let t: TestApp;
let admin: string;
let other: string;
let nobody: string;
let maker: Maker;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const { tenantId } = await tenantOf(t, admin);
  other = (await secondTenant(t, 'crudb')).token;
  nobody = await userWithoutRights(t, tenantId, 'nobody_crud');
  maker = { t, token: admin, seq: 0, meta: new Map() };
});
afterAll(async () => t?.close());

const entities = allEntities().filter((d) => can(d, 'save'));

const scalarOf = (d: EntityDef) =>
  d.fields.find((f) => f.name === d.nameField && (f.type === 'string' || f.type === 'text'))!;

async function create(def: EntityDef, made?: Map<string, number>): Promise<WireRow> {
  const body = await sampleBody(maker, def, made);
  return (await api(t, 'POST', path(def, 'save'), admin, body)).data;
}

const getUrl = (def: EntityDef, id: unknown) => `${path(def, 'get')}?id=${id}`;

describe.each(entities.map((d) => [d.name, d] as const))('%s', (_name, def) => {
  it('creates a record, reads it back with readable references, and audits it', async () => {
    const body = await sampleBody(maker, def);
    const created = (await api(t, 'POST', path(def, 'save'), admin, body)).data;
    expect(created.id).toBeTypeOf('number');
    const got = (await api(t, 'GET', getUrl(def, created.id), admin)).data;
    for (const f of def.fields) {
      if (f.computed || body[f.name] === undefined || body[f.name] === null) continue;
      expect(got[f.name], f.name).toEqual(body[f.name]);
      if (f.type === 'ref' || f.type === 'dict') expect(got[`${f.name.replace(/I[dD]$|id$/, '')}Name`]).toBeTruthy();
    }
    expect(got.createdBy).toBe((await tenantOf(t, admin)).userId);
    const audit = await t.db.query<{ action: string }>(
      'select action from audit_log where entity = $1 and record_id = $2',
      [def.name, String(created.id)],
    );
    expect(audit.rows.map((r) => r.action)).toContain('create');
  });

  it('lists records in pages with a count, filtered and sorted in SQL', async () => {
    if (!can(def, 'page')) return;
    const a = await create(def);
    const name = scalarOf(def);
    const r = await api<WireRow[]>(t, 'GET', `${path(def, 'page')}?page=1&limit=5`, admin);
    expect(r.count).toBeGreaterThanOrEqual(1);
    expect(r.data.length).toBeLessThanOrEqual(5);
    const filter = def.fields.find((f) => f.name === name.name)?.filter;
    if (filter === 'like') {
      const hit = await api<WireRow[]>(
        t,
        'GET',
        `${path(def, 'page')}?page=1&limit=10&${name.name}=${encodeURIComponent(String(a[name.name]))}`,
        admin,
      );
      expect(hit.data.map((x) => x.id)).toContain(a.id);
    }
  });

  it('updates a record and keeps the change in the audit log', async () => {
    if (!can(def, 'update')) return;
    const a = await create(def);
    const name = scalarOf(def);
    const updated = (await api(t, 'POST', path(def, 'update'), admin, { id: a.id, [name.name]: `${a[name.name]}u` }))
      .data;
    expect(updated[name.name]).toBe(`${a[name.name]}u`);
    const audit = await t.db.query<{ before: WireRow; after: WireRow }>(
      "select before, after from audit_log where entity = $1 and record_id = $2 and action = 'update'",
      [def.name, String(a.id)],
    );
    expect(audit.rows[0]!.before[name.name]).toBe(a[name.name]);
    expect(audit.rows[0]!.after[name.name]).toBe(`${a[name.name]}u`);
  });

  it('refuses a record without a required field, naming the field in the caller language', async () => {
    const required = def.fields.find((f) => f.required && f.default === undefined && !f.defaultNow && !f.computed)!;
    const body = await sampleBody(maker, def);
    delete body[required.name];
    const meta = (await t.call('GET', metaPath(def), admin, undefined, { lang: 'en' })).json() as {
      data: { fields: { name: string; label: string }[] };
    };
    const label = meta.data.fields.find((f) => f.name === required.name)!.label;
    const json = (await t.call('POST', path(def, 'save'), admin, body, { lang: 'en' })).json() as Json;
    expect(json.rtnCode).toBe(201);
    expect(json.field).toBe(required.name);
    expect(json.msg).toBe(`${label} is required`);
  });

  it('refuses a wrongly typed value with a translated message naming the field', async () => {
    const f = def.fields.find((x) => ['integer', 'decimal', 'date'].includes(x.type) && !x.computed);
    if (!f) return;
    const body = { ...(await sampleBody(maker, def)), [f.name]: 'not-a-value' };
    const json = (await t.call('POST', path(def, 'save'), admin, body)).json() as Json;
    expect(json.rtnCode).toBe(201);
    expect(json.field).toBe(f.name);
  });

  it('refuses a second record with the same unique value', async () => {
    const unique = def.fields.find((f) => f.unique);
    if (!unique) return;
    const a = await create(def);
    const body = await sampleBody(maker, def);
    body[unique.name] = a[unique.name];
    for (const w of unique.uniqueWith ?? []) body[w] = a[w];
    const json = (await t.call('POST', path(def, 'save'), admin, body)).json() as Json;
    expect(json.rtnCode).toBe(201);
    expect(json.field).toBe(unique.name);
  });

  it('refuses to delete a record that others reference, then deletes it once they are gone', async () => {
    if (!can(def, 'del')) return;
    const referrer = allEntities().find(
      (d) =>
        can(d, 'save') &&
        can(d, 'del') &&
        d.fields.some((f) => f.ref === def.name && f.blocksDelete !== false && !f.owner && d.name !== def.name),
    );
    const a = await create(def);
    if (referrer) {
      const field = referrer.fields.find((f) => f.ref === def.name && f.blocksDelete !== false && !f.owner)!;
      const made = new Map([[`${def.name}|${JSON.stringify(field.refWhere ?? {})}`, a.id as number]]);
      for (const f of def.fields)
        if (f.type === 'ref' && a[f.name])
          made.set(`${f.ref}|${JSON.stringify(f.refWhere ?? {})}`, a[f.name] as number);
      const fixed = findEntity(def.name)!;
      const body = { ...(await sampleBody(maker, referrer, made)), [field.name]: a.id };
      for (const [k, v] of Object.entries(field.refWhere ?? {})) expect(a[k] ?? v).toBe(v);
      const ref = (await api(t, 'POST', path(referrer, 'save'), admin, body)).data;
      const refused = (await t.call('POST', path(fixed, 'del'), admin, { ids: [a.id] })).json() as Json;
      expect(refused.rtnCode).toBe(201);
      await api(t, 'POST', path(referrer, 'del'), admin, { ids: [ref.id] });
    }
    await api(t, 'POST', path(def, 'del'), admin, { ids: [a.id] });
    expect((await t.call('GET', getUrl(def, a.id), admin)).statusCode).toBe(404);
  });

  it("hides one tenant's records from another", async () => {
    const a = await create(def);
    expect((await t.call('GET', getUrl(def, a.id), other)).statusCode).toBe(404);
    if (can(def, 'page')) {
      const list = await api<WireRow[]>(t, 'GET', `${path(def, 'page')}?page=1&limit=1000`, other);
      expect(list.data.map((x) => x.id)).not.toContain(a.id);
    }
    if (can(def, 'update')) {
      const r = await t.call('POST', path(def, 'update'), other, { id: a.id, [scalarOf(def).name]: 'x' });
      expect(r.statusCode).toBe(404);
    }
    if (can(def, 'del')) expect((await t.call('POST', path(def, 'del'), other, { ids: [a.id] })).statusCode).toBe(404);
    expect((await api(t, 'GET', getUrl(def, a.id), admin)).data.id).toBe(a.id);
  });

  it('refuses a user without the permission code with 403', async () => {
    if (can(def, 'page'))
      expect((await t.call('GET', `${path(def, 'page')}?page=1&limit=5`, nobody)).statusCode).toBe(403);
    expect((await t.call('POST', path(def, 'save'), nobody, await sampleBody(maker, def))).statusCode).toBe(403);
    expect((await t.call('GET', metaPath(def), nobody)).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every route of every entity with its response schema', async () => {
    const doc = (await t.call('GET', '/api-docs/json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const def of allEntities()) {
      const page = doc.paths[path(def, 'get')];
      expect(page?.get?.responses['200'], def.name).toBeTruthy();
      expect(doc.paths[metaPath(def)], def.name).toBeTruthy();
    }
  });
});
