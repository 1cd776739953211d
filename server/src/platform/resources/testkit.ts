import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../../db/index.js';
import { createTenant } from '../../domains/operator/tenants.js';
import { hashPassword } from '../auth/password.js';
import { withTenant } from '../tenancy/tenant-tx.js';
import { actionsOf, metaPath, pathsOf } from './meta.js';
import { findEntity } from './registry.js';
import type { EntityDef, FieldDef, WireRow } from './types.js';

/*
 * Helpers for the engine-wide tests (structural types only, so the build does not pull the harness in).
 */

export interface Caller {
  db: Database;
  call(
    method: string,
    url: string,
    token?: string | null,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  login(username: string, password?: string): Promise<string>;
}

export interface Json {
  rtnCode: number;
  msg: string;
  data: unknown;
  count?: number;
  field?: string;
}

export async function api<T = WireRow>(
  t: Caller,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<{ data: T; count?: number }> {
  const r = await t.call(method, url, token, body);
  const json = r.json() as Json;
  if (r.statusCode !== 200 || json.rtnCode !== 200) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
  return json as { data: T; count?: number };
}

export const path = (def: EntityDef, action: Parameters<typeof pathsOf>[1]) => pathsOf(def, action)[0]!;

export const can = (def: EntityDef, action: Parameters<typeof pathsOf>[1]) => actionsOf(def).includes(action);

/** A user of the tenant with no role at all: every permission-coded route refuses them. */
export async function userWithoutRights(t: Caller, tenantId: number, username: string): Promise<string> {
  const password = 'Nobody12345';
  const hash = await hashPassword(password);
  await withTenant(t.db, tenantId, null, (tx) =>
    tx.insert('users', { username, password_hash: hash, peoplename: username, usertype: 1 }, 'id'),
  );
  return t.login(username, password);
}

/** A user of the tenant whose only role grants the buttons of the given permission codes. */
export async function userWithCodes(t: Caller, tenantId: number, username: string, codes: string[]): Promise<string> {
  const token = await userWithoutRights(t, tenantId, username);
  const { userId } = await tenantOf(t, token);
  await withTenant(t.db, tenantId, null, async (tx) => {
    const role = await tx.insert<{ id: number }>('roles', { name: `role_${username}` }, 'id');
    await tx.query(
      `insert into role_buttons (tenant_id, role_id, button_id)
       select $1, $2, id from menu_buttons where ext4 = any($3::text[])`,
      [tenantId, role.id, codes],
    );
    await tx.insert('user_roles', { user_id: userId, role_id: role.id }, 'user_id');
  });
  return token;
}

/** A second tenant company with its administrator; returns the administrator's token. */
export async function secondTenant(t: Caller, code: string): Promise<{ token: string; tenantId: number }> {
  const password = 'Other12345';
  const created = await t.db.transaction((tx) =>
    createTenant(tx, {
      name: `Tenant ${code}`,
      code,
      admin: { username: `admin_${code}`, password, peoplename: `Admin ${code}`, mustChangePassword: false },
    }),
  );
  return { token: await t.login(`admin_${code}`, password), tenantId: created.companyId };
}

export async function tenantOf(t: Caller, token: string): Promise<{ tenantId: number; userId: number }> {
  const r = await api<{ tenantid: number; id: number }>(t, 'GET', '/api-user/users/current', token);
  return { tenantId: Number(r.data.tenantid), userId: Number(r.data.id) };
}

/** Per-entity values the generic generator cannot guess (rules beyond the field declarations). */
export const overrides: Record<string, (seq: number) => WireRow> = {
  devicetag: () => ({ scale: '0.100000', offset: '0.000000', runAbove: '2.500000' }),
  alarmrule: () => ({ tagId: null, threshold: '80.000000', high: '90.000000', deadBand: '1.000000' }),
  customfield: (seq) => ({ entity: 'equipment', name: `cf${seq}x` }),
  eqscrap: () => ({ targetType: 'mould', equipmentId: null }),
  shift: () => ({ startTime: '08:00', endTime: '16:30', colour: '#52c41a' }),
  shiftcycle: () => ({ days: [null] }),
  appinfo: (seq) => ({ buildNumber: seq, downloadUrl: 'https://example.com/app.apk' }),
  actnode: () => ({ approverIds: [] }),
  repairlabour: () => ({ hours: '2.50' }),
  checktasklabour: () => ({ hours: '2.50' }),
  repairpart: () => ({ unitPrice: '18.5775', fromStock: false }),
  checkproject: () => ({ answerType: 'number', lowerLimit: '1.5000', upperLimit: '2.5000' }),
  ckprtemplatedtl: () => ({ answerType: 'number', lowerLimit: '1.5000', upperLimit: '2.5000' }),
  checkplan: () => ({ dueTime: '08:00' }),
  organization: (seq) => ({ phone: `021-${seq}` }),
  item: (seq) => ({ names: { en: `Entry ${seq}` } }),
  // A tree as the template keeps it (org-template-rules tidies what is sent into this shape).
  orgTemplate: (seq) => {
    const node = (organizationName: string, children: WireRow[] = []) => ({
      organizationName,
      phone: null,
      ext1: null,
      children,
    });
    return { nodes: [node(`Dept ${seq}`, [node('Team')])] };
  },
  procedure: () => ({ standardMinutes: '1.500', idealCycleSeconds: '30.000' }),
  bomline: () => ({ quantity: '2.5000', scrapRate: '5.00' }),
  energymeter: () => ({ parentId: null, registerMax: null, multiplier: '2.5000' }),
  energyreading: (seq) => ({
    readAt: new Date(Date.UTC(2020, 0, 1) + (seq % 2000) * 86_400_000).toISOString(),
    value: `${seq}.5000`,
    kind: 'normal',
    oldFinalValue: null,
  }),
  energytariff: (seq) => ({
    validFrom: `${1000 + (seq % 800)}-01-01`,
    validTo: `${1000 + (seq % 800)}-12-31`,
    periods: [
      { kind: 'valley', start: '22:00', end: '08:00', price: '0.3' },
      { kind: 'peak', start: '08:00', end: '22:00', price: '1.0' },
    ],
  }),
  energytarget: (seq) => ({ month: `${2000 + (seq % 900)}-01`, organizationId: null, lineId: null, equipmentId: null }),
  membershift: (seq) => ({ workDate: new Date(Date.UTC(2024, 0, 1) + seq * 86_400_000).toISOString().slice(0, 10) }),
  // A label of one QR code: the layout is checked element by element against the page (print/validate.ts).
  printtemplate: () => ({
    widthMm: 60,
    heightMm: 40,
    layout: { elements: [{ kind: 'qr', x: 2, y: 2, w: 20, h: 20, content: '{scan}' }] },
  }),
  // A contract in force today (an order's contract must be); the order names neither contract nor repair order.
  externalcontract: () => ({
    validFrom: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    validTo: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
    categoryId: null,
  }),
  externalvendor: (seq) => ({ phone: `0512-${seq}`, enabled: true }),
  externalcontact: (seq) => ({ phone: `138${seq}` }),
  externalorder: () => ({ contractId: null, repairOrderId: null }),
  customform: () => ({ executionFields: null }),
  eqhealthsurvey: (seq) => ({
    temperature: '36.5',
    // Within the thousand days before 2026-09: a registration may not be dated after today.
    surveyDate: new Date(Date.UTC(2024, 0, 1) + (seq % 1000) * 86_400_000).toISOString().slice(0, 10),
  }),
};

interface MetaField {
  name: string;
  options?: { value: string | number; label: string }[];
}

export interface Maker {
  t: Caller;
  token: string;
  seq: number;
  meta: Map<string, MetaField[]>;
}

export async function metaFields(m: Maker, def: EntityDef): Promise<MetaField[]> {
  let f = m.meta.get(def.name);
  if (!f) {
    f = (await api<{ fields: MetaField[] }>(m.t, 'GET', metaPath(def), m.token)).data.fields;
    m.meta.set(def.name, f);
  }
  return f;
}

/** References that must not be the record another of the body's references uses (a BOM line's component is not its product). */
const OWN_REFS = new Set(['bomline.materialId']);

const refKey = (f: FieldDef) => `${f.ref}|${JSON.stringify(f.refWhere ?? {})}`;

/** A scalar value that passes the field's declaration (strings unique by seq). */
export function sampleValue(f: FieldDef, seq: number, options?: MetaField['options']): unknown {
  switch (f.type) {
    case 'string': {
      const s = `t${seq}${f.name}`.replace(/[^a-zA-Z0-9]/g, '');
      return s.slice(0, f.maxLength ?? 200);
    }
    case 'text':
      return `note ${seq} for ${f.name}`;
    case 'integer':
      return Math.min(f.max ?? 1_000_000, Math.max(f.min ?? 0, 7));
    case 'decimal':
      return '1234.50';
    case 'date':
      return '2024-03-15';
    case 'datetime':
      return '2024-03-15T08:30:00.000Z';
    case 'boolean':
      return true;
    case 'enum':
      return f.options![0];
    case 'dict':
      return options?.[0]?.value ?? null;
    case 'json':
      return { a: 1 };
    default:
      return null;
  }
}

/**
 * A valid body for an entity, creating the records its references need through the API. References to an
 * entity already made for this body are reused (a line then belongs to the workshop chosen).
 */
export async function sampleBody(m: Maker, def: EntityDef, made = new Map<string, number>()): Promise<WireRow> {
  const seq = ++m.seq;
  const meta = await metaFields(m, def);
  const body: WireRow = {};
  for (const f of def.fields) {
    if (f.computed || f.readOnly) continue;
    if (f.type === 'ref') {
      if (f.ref === def.name) continue;
      body[f.name] = await refId(m, f, OWN_REFS.has(`${def.name}.${f.name}`) ? new Map() : made);
      continue;
    }
    if (f.type === 'image' || f.type === 'attachments') {
      body[f.name] = [await sampleFile(m, f.type === 'image' ? 'photo.png' : 'manual.pdf')];
      continue;
    }
    body[f.name] = sampleValue(f, seq, meta.find((x) => x.name === f.name)?.options);
  }
  return { ...body, ...(overrides[def.name]?.(seq) ?? {}) };
}

/** A tiny PNG image and a PDF document that pass the upload's checks. */
export const SAMPLE_FILES: Record<string, { data: Buffer; type: string }> = {
  'photo.png': {
    data: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
    type: 'image/png',
  },
  'manual.pdf': {
    data: Buffer.from('%PDF-1.4\n%test\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    type: 'application/pdf',
  },
};

const uploaded = new WeakMap<Maker, Map<string, WireRow>>();

/** An uploaded file of the maker's tenant as an image or attachment field holds it (one upload per name). */
export async function sampleFile(m: Maker, name: keyof typeof SAMPLE_FILES): Promise<WireRow> {
  const mine = uploaded.get(m) ?? new Map<string, WireRow>();
  uploaded.set(m, mine);
  const known = mine.get(name);
  if (known) return known;
  const sample = SAMPLE_FILES[name]!;
  const { payload, headers } = multipart(sample.data, name, sample.type);
  const r = await m.t.call('POST', '/api-file/files/upload', m.token, payload, headers);
  const json = r.json() as Json;
  if (json.rtnCode !== 200) throw new Error(`upload ${name}: ${r.statusCode} ${r.body}`);
  const { id, name: stored, url } = json.data as WireRow;
  const item = { id, name: stored, url };
  mine.set(name, item);
  return item;
}

async function refId(m: Maker, f: FieldDef, made: Map<string, number>): Promise<number> {
  const key = refKey(f);
  const known = made.get(key);
  if (known) return known;
  let id: number;
  if (f.ref === 'user') id = (await tenantOf(m.t, m.token)).userId;
  else if (f.ref === 'organization') {
    id = (await api<{ id: number }[]>(m.t, 'GET', '/api-user/organization/getListByTree', m.token)).data[0]!.id;
  } else {
    const target = findEntity(f.ref!)!;
    const body = { ...(await sampleBody(m, target, made)), ...(f.refWhere ?? {}) };
    id = (await api(m.t, 'POST', path(target, 'save'), m.token, body)).data.id as number;
  }
  made.set(key, id);
  return id;
}

/** A multipart/form-data body with one file field, for app.inject. */
export function multipart(
  data: Buffer,
  filename = 'import.xlsx',
  contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----eamtest${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A workbook with a header row and data rows, as an .xlsx buffer. */
export async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('data');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The rows of the first sheet of an .xlsx buffer (cell values). */
export async function readXlsx(data: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1));
  });
  return out;
}

/** Waits until the export job has written the file of a downloads row; returns the file's bytes. */
export async function waitForDownload(t: Caller, token: string, id: number, timeoutMs = 30_000): Promise<Buffer> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = await api<{ id: number; filepath: string | null; error: string | null }[]>(
      t,
      'GET',
      '/api-core/download/page?page=1&limit=50',
      token,
    );
    const row = list.data.find((d) => Number(d.id) === id);
    if (row?.error) throw new Error(`export failed: ${row.error}`);
    if (row?.filepath) {
      const r = await t.call('GET', `/api-core/download/file/${id}`, token);
      if (r.statusCode !== 200) throw new Error(`download ${id}: ${r.statusCode}`);
      return r.rawPayload;
    }
    if (Date.now() > until) throw new Error(`export ${id} not ready after ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 100));
  }
}
