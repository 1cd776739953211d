import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTasks } from '../../domains/check/generate.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { type Lang, languages } from '../i18n/index.js';
import { withTenant } from '../tenancy/tenant-tx.js';
import type { ActionDef } from '../workflow/types.js';
import { readContext } from './read.js';
import { allEntities, columnOf, findEntity } from './registry.js';
import { api, can, type Json, type Maker, path, sampleBody, tenantOf } from './testkit.js';
import type { EntityDef, FieldDef, WireRow } from './types.js';
import { createRow } from './write.js';

/*
 * The sweep of messages: every declared field of every entity that has a create or change route, and every input
 * of every workflow action, is sent bad values (missing, of the wrong type, out of range, an unknown reference,
 * too long) by a user with every right, in zh, en and tw. Every message answered must be readable by that
 * reader: no locale key, no unfilled {placeholder}, no word of another language (the values sent aside).
 */

let t: TestApp;
let admin: string;
let tenantId: number;
let maker: Maker;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  tenantId = (await tenantOf(t, admin)).tenantId;
  maker = { t, token: admin, seq: 0, meta: new Map() };
});
afterAll(async () => t?.close());

const UNKNOWN_ID = 876543210;
const NUMERIC = new Set(['integer', 'decimal']);
const TYPED = new Set(['integer', 'decimal', 'date', 'datetime', 'boolean', 'enum', 'dict', 'ref']);
const writable = (f: FieldDef) => !f.computed && !f.readOnly;

/** A dotted locale key (resources.validation.decimal, repair.maintaintask.pause.fields.pauseReason). */
const LOCALE_KEY = /\b[a-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+\b/;
const PLACEHOLDER = /\{\{?\w+\}?\}/;
const CJK = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/;
/** A Latin word with a small letter in a Chinese text (an untranslated field name or English words). */
const LATIN_WORD = /[A-Za-z]*[a-z][A-Za-z]*/g;
/** Latin words a Chinese text may hold: names of products and formats. */
const LATIN_ALLOWED = new Set(['Excel', 'App', 'Logo', 'Web', 'YYYY', 'MM', 'DD', 'HH', 'mm']);

/** What is wrong with a message for a reader of lang, after taking out the values that were sent. */
export function unreadable(msg: unknown, lang: Lang, sent: readonly string[]): string | null {
  if (typeof msg !== 'string' || msg.trim() === '') return 'no message';
  let text = msg;
  for (const s of [...sent].sort((a, b) => b.length - a.length)) if (s) text = text.split(s).join(' ');
  if (LOCALE_KEY.test(text)) return 'a locale key';
  if (PLACEHOLDER.test(text)) return 'an unfilled placeholder';
  if (lang === 'en' && CJK.test(text)) return 'Chinese in English';
  if (lang !== 'en') {
    const words = (text.match(LATIN_WORD) ?? []).filter((w) => w.length > 1 && !LATIN_ALLOWED.has(w));
    if (words.length) return `Latin words in Chinese: ${words.join(' ')}`;
  }
  return null;
}

interface Answer {
  status: number;
  rtnCode?: number;
  msg?: string;
  data?: unknown;
}

/** The messages of an answer: its msg and the message of every issue it lists. */
function messagesOf(a: Answer): unknown[] {
  const issues = Array.isArray(a.data) ? (a.data as { message?: unknown }[]) : [];
  return [a.msg, ...issues.filter((i) => i && typeof i === 'object' && 'message' in i).map((i) => i.message)];
}

const found: string[] = [];

/** Sends one bad body in each language and records every unreadable message (and any answer that was not a refusal). */
async function sweep(label: string, url: string, body: WireRow, sent: readonly string[]): Promise<void> {
  for (const lang of languages) {
    const r = await t.call('POST', url, admin, body, { lang });
    const a = { status: r.statusCode, ...(r.json() as Omit<Answer, 'status'>) };
    if (a.status >= 500) found.push(`${label} [${lang}] answered ${a.status}`);
    if (a.status === 200 && a.rtnCode === 200) {
      found.push(`${label} [${lang}] was accepted`);
      continue;
    }
    for (const m of messagesOf(a)) {
      const wrong = unreadable(m, lang, sent);
      if (wrong) found.push(`${label} [${lang}] ${wrong}: ${JSON.stringify(m)}`);
    }
  }
}

const tooLong = (f: FieldDef) => 'x'.repeat((f.maxLength ?? (f.type === 'string' ? 200 : 10_000)) + 1);

/** Bad values for fields: of the wrong type, and out of range (numbers too large, unknown ids, texts too long). */
function wrongType(fields: readonly FieldDef[]): WireRow {
  return Object.fromEntries(fields.filter((f) => TYPED.has(f.type)).map((f) => [f.name, 'not-a-value']));
}
function outOfRange(fields: readonly FieldDef[], big: number): WireRow {
  const out: WireRow = {};
  for (const f of fields) {
    if (NUMERIC.has(f.type)) out[f.name] = big;
    else if (f.type === 'ref') out[f.name] = UNKNOWN_ID;
    else if (f.type === 'string' || f.type === 'text') out[f.name] = tooLong(f);
  }
  return out;
}
const sentOf = (body: WireRow) =>
  Object.values(body)
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map(String);

/**
 * Entities no engine route creates, made by a create route of their domain (POST <prefix>/save, checked by the
 * same engine with the rules of the document), and what it adds to the engine's checks.
 */
const DOMAIN_CREATE: Record<string, string> = {
  maintaintask: 'a repair order: numbered per day, stops the machine',
  inventoryplan: 'a machine stocktake: the machines of the workshop become its lines',
  sparedoc: 'a stock document with its lines (each checked like a field, named lines.<n>.<field>)',
  sparecount: 'a spare parts stocktake: the stock of the warehouse becomes its lines',
  workgroupshift: "a work group's shift for a period: its days become the members' shifts",
  workreport: 'a work report: its order is locked and its quantities counted on the task and the order',
  gateway: 'a gateway: its client id and a secret shown once are issued',
  formproject: "a project: its values are written to a record of its project form, checked as that form's fields",
};
/** Domain create routes that take the lines in the body (the engine's save keeps to the record's own fields). */
const LINES_IN_BODY = new Set(['sparedoc']);
const linesOf = (def: EntityDef) => (LINES_IN_BODY.has(def.name) ? (def.children ?? []) : []);

const engineCreate = allEntities().filter((d) => can(d, 'save'));
const creatable = [...engineCreate, ...allEntities().filter((d) => d.name in DOMAIN_CREATE)];
const createUrl = (def: EntityDef) => (can(def, 'save') ? path(def, 'save') : `${def.prefix}/save`);
const sampled = new Map<string, WireRow>();

/** A live record of the tenant that the demo data holds. */
async function existing(def: EntityDef): Promise<WireRow | null> {
  const live = def.softDelete ? ' and deleted_at is null' : '';
  const r = await t.db.query<{ id: number }>(
    `select id from "${def.table}" where tenant_id = $1${live} order by id limit 1`,
    [tenantId],
  );
  return r.rows[0] ? { id: Number(r.rows[0].id) } : null;
}

/** The references a sample body cannot create (targets without an engine create route): records made otherwise. */
async function madeRefs(def: EntityDef, owner?: string): Promise<Map<string, number>> {
  const made = new Map<string, number>();
  for (const f of def.fields) {
    const target = f.type === 'ref' ? findEntity(f.ref!) : undefined;
    if (!target || can(target, 'save') || f.refWhere) continue;
    const row = f.name === owner ? { id: 1 } : await record(target);
    if (row) made.set(`${f.ref}|{}`, row.id as number);
  }
  return made;
}

/** A valid body, with one valid line of each kind of child (its owner field left out). */
async function validBody(def: EntityDef): Promise<WireRow> {
  // The lines share the records the body refers to (a line's bin is then of the document's warehouse).
  const made = await madeRefs(def);
  const body = await sampleBody(maker, def, made);
  for (const c of linesOf(def)) {
    const child = findEntity(c.entity)!;
    const line = await sampleBody(maker, child, new Map([...made, ...(await madeRefs(child, c.field))]));
    delete line[c.field];
    body[c.as] = [line];
  }
  return body;
}

/** Bad values in the body's fields and in its first line of each kind of child. */
function spoil(def: EntityDef, valid: WireRow, bad: (fields: readonly FieldDef[]) => WireRow): WireRow {
  const body = { ...valid, ...bad(def.fields.filter(writable)) };
  for (const c of linesOf(def)) {
    const fields = findEntity(c.entity)!.fields.filter((f) => writable(f) && f.name !== c.field);
    body[c.as] = [{ ...(valid[c.as] as WireRow[])[0], ...bad(fields) }];
  }
  return body;
}

/** The values a spoiled body holds (in lines too): data, which a message may quote. */
const sentIn = (body: WireRow, def: EntityDef): string[] => [
  ...sentOf(body),
  ...linesOf(def).flatMap((c) => (body[c.as] as WireRow[]).flatMap(sentOf)),
];

/** Records made by hand for entities only a process makes (a check plan's generated tasks and their items). */
const MADE_BY: Record<string, () => Promise<WireRow | null>> = {
  // A project needs a project form with fields, which a sample body cannot name.
  formproject: async () => {
    const code = `pm${Date.now() % 1_000_000}`;
    const form = await api(t, 'POST', '/api-manage/customform/save', admin, { code, name: code, project: true });
    await api(t, 'POST', `/api-manage/form/${code}/fields/save`, admin, {
      name: 'scope',
      label: '范围',
      labelEn: 'Scope',
      fieldType: 'string',
    });
    return (
      await api(t, 'POST', '/api-manage/project/save', admin, {
        formId: form.data.id,
        name: code,
        values: { scope: 'x' },
      })
    ).data;
  },
  checktask: async () => {
    const made = new Map<string, number>();
    const item = await sampleBody(maker, findEntity('checkschemedtl')!, made);
    await api(t, 'POST', '/api-manage/checkschemedtl/save', admin, item);
    // A daily plan of its own machines (not a route's) from today, so that it has a task today.
    const plan = {
      ...(await sampleBody(maker, findEntity('checkplan')!, made)),
      ...{ lineId: null, cycle: 'day', every: 1, endDate: null, skipWeekends: false },
      startDate: new Date().toISOString().slice(0, 10),
    };
    const planId = (await api(t, 'POST', '/api-manage/checkplan/save', admin, plan)).data.id as number;
    made.set('checkplan|{}', planId);
    const machine = await sampleBody(maker, findEntity('checkplanmachine')!, made);
    await api(t, 'POST', '/api-manage/checkplan/machine/save', admin, machine);
    await api(t, 'POST', '/api-manage/checkplan/enable', admin, { id: planId });
    await withTenant(t.db, tenantId, null, (tx) => generateTasks(tx, { now: new Date(), planIds: [planId] }));
    return existing(findEntity('checktask')!);
  },
  checktaskdtl: async () => (await record(findEntity('checktask')!)) && existing(findEntity('checktaskdtl')!),
  // An alarm as the alarm job opens one (domains/das/alarms.ts), on a rule made through its route.
  alarm: async () => {
    const rule = await record(findEntity('alarmrule')!);
    if (!rule) return null;
    const def = findEntity('alarm')!;
    await withTenant(t.db, tenantId, null, async (tx) => {
      const values = {
        code: 'AL-SWEEP',
        ruleId: rule.id,
        deviceId: rule.deviceId,
        severity: 'warning',
        state: 'active',
      };
      await createRow(tx, await readContext(tx, def, 'zh'), values, { system: true });
    });
    return existing(def);
  },
};

/** A record to change or act on: made through its create route, else by hand, else one of the demo data. */
async function record(def: EntityDef): Promise<WireRow | null> {
  let row = sampled.get(def.name) ?? null;
  if (!row) {
    if (creatable.includes(def) && !MADE_BY[def.name]) {
      const r = (await t.call('POST', createUrl(def), admin, await validBody(def))).json() as Json;
      row = r.rtnCode === 200 ? (r.data as WireRow) : null;
      expect(row, `${def.name}: a valid record is made (${r.msg})`).toBeTruthy();
    } else row = MADE_BY[def.name] ? await MADE_BY[def.name]!() : await existing(def);
    if (row) sampled.set(def.name, row);
  }
  return row;
}

describe('the messages of bad values of every declared field (zh, en, tw)', () => {
  it('sweep every create route of a domain (POST <prefix>/save of an entity no engine route creates)', () => {
    const domainSave = allEntities().filter(
      (d) => !can(d, 'save') && t.app.routeCatalogue.some((r) => r.method === 'POST' && r.url === `${d.prefix}/save`),
    );
    expect(domainSave.map((d) => d.name).sort()).toEqual(Object.keys(DOMAIN_CREATE).sort());
  });

  it.each(creatable.map((d) => [d.name, d] as const))('%s: create and change', async (_name, def) => {
    found.length = 0;
    const url = createUrl(def);
    const fields = def.fields.filter(writable);
    const valid = await validBody(def);
    const required = (fs: readonly FieldDef[]) =>
      fs.filter((f) => f.required && f.default === undefined && !f.defaultNow);
    const missing = spoil(def, valid, (fs) => Object.fromEntries(required(fs).map((f) => [f.name, null])));
    // A body is sent only where something was spoiled (an entity may have no required or typed field).
    const spoiled = (body: WireRow) => JSON.stringify(body) !== JSON.stringify(valid);
    if (spoiled(missing)) await sweep(`${def.name} save without required`, url, missing, []);
    const typed = spoil(def, valid, wrongType);
    if (spoiled(typed)) await sweep(`${def.name} save of wrong types`, url, typed, sentIn(typed, def));
    for (const big of [99_999_999_999, -1e20]) {
      const range = spoil(def, valid, (fs) => outOfRange(fs, big));
      if (spoiled(range)) await sweep(`${def.name} save out of range`, url, range, sentIn(range, def));
    }
    const unknown = spoil(def, valid, (fs) =>
      Object.fromEntries(fs.filter((f) => f.type === 'ref').map((f) => [f.name, UNKNOWN_ID])),
    );
    if (spoiled(unknown)) await sweep(`${def.name} save of unknown references`, url, unknown, sentIn(unknown, def));
    if (can(def, 'update') && Object.keys(wrongType(fields)).length) {
      const row = (await record(def))!;
      const bad = wrongType(fields);
      await sweep(`${def.name} update of wrong types`, path(def, 'update'), { id: row.id, ...bad }, sentOf(bad));
    }
    expect(found).toEqual([]);
  });
});

const withActions = allEntities().filter((d) => d.workflow?.actions.some((a) => !a.internal));

/** Puts the record in a state the action starts from (the refusal of a wrong state is not what is swept). */
async function putInState(def: EntityDef, id: unknown, action: ActionDef): Promise<void> {
  const state = def.fields.find((f) => f.name === def.workflow!.stateField)!;
  await t.db.query(`update "${def.table}" set "${columnOf(state)}" = $1 where tenant_id = $2 and id = $3`, [
    action.from[0],
    tenantId,
    id,
  ]);
}

describe('the messages of bad inputs of every workflow action (zh, en, tw)', () => {
  it.each(withActions.map((d) => [d.name, d] as const))('%s: every action', async (_name, def) => {
    found.length = 0;
    const row = await record(def);
    expect(row, `a record of ${def.name} (created, or of the demo data)`).toBeTruthy();
    const url = (a: ActionDef) => `${def.prefix}/${a.name}`;
    for (const action of def.workflow!.actions.filter((a) => !a.internal)) {
      const fields = action.fields ?? [];
      const label = `${def.name} ${action.name}`;
      if (fields.some((f) => f.required) || action.commentRequired) {
        await putInState(def, row!.id, action);
        await sweep(`${label} without required input`, url(action), { id: row!.id }, []);
      }
      const typed = wrongType(fields);
      if (Object.keys(typed).length) {
        await putInState(def, row!.id, action);
        await sweep(`${label} of wrong types`, url(action), { id: row!.id, ...typed }, sentOf(typed));
      }
      for (const big of [99_999_999_999, -1e20]) {
        const range = { ...outOfRange(fields, big), comment: 'x'.repeat(1001) };
        await putInState(def, row!.id, action);
        await sweep(`${label} out of range`, url(action), { id: row!.id, ...range }, sentOf(range));
      }
    }
    expect(found).toEqual([]);
  });
});
