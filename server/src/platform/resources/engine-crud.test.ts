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

/** Entities saved under a parent that no save route makes (plan generation makes it), and where they are tested. */
const UNDER_GENERATED: Record<string, string> = {
  checktasklabour: 'labour of a generated task (domains/check/check.test.ts)',
  checktaskpart: 'parts used on a generated task (domains/check/check.test.ts)',
  checktaskexternal: 'outside maintenance of a generated task (domains/check/check.test.ts)',
};
const entities = allEntities().filter((d) => can(d, 'save') && !UNDER_GENERATED[d.name]);

const scalarOf = (d: EntityDef) =>
  d.fields.find((f) => f.name === d.nameField && (f.type === 'string' || f.type === 'text'))!;

async function create(def: EntityDef, made?: Map<string, number>): Promise<WireRow> {
  const body = await sampleBody(maker, def, made);
  return (await api(t, 'POST', path(def, 'save'), admin, body)).data;
}

const getUrl = (def: EntityDef, id: unknown) => `${path(def, 'get')}?id=${id}`;

/** Field types a value of the wrong kind can be sent to (strings and texts take any text). */
const TYPED = new Set(['integer', 'decimal', 'date', 'datetime', 'boolean', 'enum', 'dict', 'ref']);
const typedFields = (def: EntityDef) => def.fields.filter((f) => TYPED.has(f.type) && !f.computed && !f.readOnly);

/** Entities with no field a wrongly typed value can be sent to, and why. */
const NO_TYPED_FIELD: Record<string, string> = {
  customform: 'code, names and description are text; its state changes by publishing, not through the form',
  orgTemplate: 'a name and a remark (text) and its tree as JSON, whose own check names the field (org-template-rules)',
  shiftcycle: 'a name and a remark (text) and its days as JSON (any value is JSON)',
};

/** Entities with no unique field, and why. */
const NO_UNIQUE_FIELD: Record<string, string> = {
  equipmentallot: 'a document: a machine may be moved many times',
  eqrecord: 'a history entry of a machine',
  moldrecord: 'a history entry of a mould',
  eqscrap: 'a document: a refused scrap request may be made again',
  equipmentshift: 'a machine on a shift for a period; periods may repeat',
  actnode: 'a step of an approval flow; steps may share a name',
  ckprtemplatedtl: 'an item of a template; it has no code until the template is applied',
  experiencesBase: 'an entry of the experience base; two entries may share a title',
  maintainexternal: 'an outside repair of an order; a vendor may come twice',
  repairpart: 'a line of parts used on an order; a part may be used in several lines',
  repairsetting: "the tenant's one row of repair settings; it has no code",
  warehouserule: 'a rule of a warehouse; several may name the same workshop or category',
};

describe('the engine-wide cases', () => {
  it('leave out exactly the entities declared without a typed or a unique field', () => {
    expect(entities.filter((d) => typedFields(d).length === 0).map((d) => d.name)).toEqual(Object.keys(NO_TYPED_FIELD));
    expect(
      entities
        .filter((d) => !d.fields.some((f) => f.unique))
        .map((d) => d.name)
        .sort(),
    ).toEqual(Object.keys(NO_UNIQUE_FIELD).sort());
  });
});

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

  it('refuses a wrongly typed value in each typed field, naming the field in the caller language', async () => {
    const typed = typedFields(def);
    expect(typed.length > 0 || def.name in NO_TYPED_FIELD).toBe(true);
    const body = await sampleBody(maker, def);
    const meta = (await t.call('GET', metaPath(def), admin, undefined, { lang: 'en' })).json() as {
      data: { fields: { name: string; label: string }[] };
    };
    for (const f of typed) {
      const json = (
        await t.call('POST', path(def, 'save'), admin, { ...body, [f.name]: 'not-a-value' }, { lang: 'en' })
      ).json() as Json;
      expect({ field: f.name, refused: [201, 400].includes(json.rtnCode), named: json.field }).toEqual({
        field: f.name,
        refused: true,
        named: f.name,
      });
      const label = meta.data.fields.find((x) => x.name === f.name)?.label ?? f.name;
      expect(json.msg, f.name).toContain(label);
    }
  });

  it('refuses a second record with the same unique value', async () => {
    const unique = def.fields.find((f) => f.unique);
    expect(!!unique || def.name in NO_UNIQUE_FIELD).toBe(true);
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
        d.fields.some(
          (f) =>
            f.ref === def.name &&
            f.blocksDelete !== false &&
            f.onDelete !== 'setNull' &&
            !f.owner &&
            d.name !== def.name,
        ),
    );
    const a = await create(def);
    if (referrer) {
      const field = referrer.fields.find(
        (f) => f.ref === def.name && f.blocksDelete !== false && f.onDelete !== 'setNull' && !f.owner,
      )!;
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
