/**
 * Malformed input to every route of the OpenAPI document, as a tenant administrator and as no one: numbers
 * beyond any column, beyond 2^53-1 or infinite (1e400) in every number, page and limit, a period whose start
 * or end is no date, a JSON body nested thousands deep, a NUL character in every text, a wrong type, a
 * truncated multipart upload. Whatever a route does with it, it answers 4xx or a business error, never a 500;
 * where the README promises a 400 naming the field (numbers, depth), exactly that. New routes are covered as
 * they appear.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { INPUT_RULES } from './http/input-guard.js';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  pattern?: string;
  format?: string;
};

interface Operation {
  method: string;
  path: string;
  query: Record<string, Schema>;
  pathParams: string[];
  body: Record<string, Schema> | null;
  multipart: boolean;
}

interface Probe {
  method: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  raw?: string;
  /**
   * The refusal the answer must be: HTTP 400 naming a field (the one given, when given), or with `business`
   * also a business error (rtnCode 201) naming it. Without it, any answer below 500 will do.
   */
  refuse?: { field?: string; business?: boolean };
}

let t: TestApp;
let admin: string;
let root: string;
let operations: Operation[];
/** Who may reach an operation's handler: anyone, the platform operator only, or a tenant's user. */
let access: Map<string, 'public' | 'platform' | 'tenant'>;

/** Routes that end the caller's session whatever the input: probed without a token only. */
const ENDS_SESSION = new Set(['GET /sys/logout', 'POST /sys/logout']);
const HUGE = '99999999999999999999999';
const NUL = 'a\u0000b';
const ALWAYS = ['id', 'page', 'limit'];
const MIXED_QUERY = { page: 'abc', limit: '-5', id: 'abc', roleId: 'x', code: NUL };
const MIXED_BODY = { id: 'abc', ids: 'x', page: -1, limit: 'zz', username: 5, sort: {}, parentId: 'x' };
/** Past JavaScript's exact integers: an id no bigint of the API may carry. */
const BEYOND_SAFE = '9007199254740993';
/** Period ends that are no date: not one at all, and one that looks like a date. */
const NOT_DATES = ['abc', '2026-13-45', '2026-02-30'];
/** A JSON body nested far deeper than any route reads (5,000 levels). */
const DEEP = `{"a":${'['.repeat(5000)}1${']'.repeat(5000)}}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  root = await t.login('root');
  const doc = (await t.call('GET', '/api-docs/json')).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => operationOf(path, method.toUpperCase(), op)),
  );
  access = new Map(
    t.app.routeCatalogue.map((r) => [
      `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`,
      r.config.public ? 'public' : r.config.platform ? 'platform' : 'tenant',
    ]),
  );
});
afterAll(async () => t?.close());

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

function operationOf(path: string, method: string, op: OpenApiOperation): Operation {
  const query: Record<string, Schema> = {};
  const pathParams: string[] = [];
  for (const p of op.parameters ?? []) {
    if (p.in === 'query') query[p.name] = p.schema ?? {};
    if (p.in === 'path') pathParams.push(p.name);
  }
  const content = op.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  return {
    method,
    path,
    query,
    pathParams,
    body: json ? (json.properties ?? {}) : null,
    multipart: !!content['multipart/form-data'],
  };
}

const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
const isText = (s: Schema) => typesOf(s).includes('string') || typesOf(s).length === 0;
/** Text the schema checks no further: a number in it reaches the handler as it is. */
const isPlainText = (s: Schema) =>
  typesOf(s).length > 0 &&
  typesOf(s).every((t) => t === 'string' || t === 'null') &&
  !s.enum &&
  !s.pattern &&
  !s.format;

function urlOf(op: Operation, pathValue: string, query: Record<string, string>): string {
  const path = op.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(pathValue));
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Every request sent to one operation. A schema stops at its first issue, so a value the schema checks (a
 * number, an untyped or array value) is sent alone; text it takes as it is goes together with the usual
 * names (id, page, limit) the operation does not declare.
 */
function probes(op: Operation): Probe[] {
  const out: Probe[] = [];
  const sendsBody = op.method !== 'GET' && op.method !== 'DELETE';
  const query = (q: Record<string, string>, pathValue = '1'): Probe => ({
    method: op.method,
    url: urlOf(op, pathValue, q),
    ...(sendsBody ? { body: {} } : {}),
  });
  const post = (body: unknown): Probe => ({ method: op.method, url: urlOf(op, '1', {}), body });
  const huge = (s: Schema) => (typesOf(s).includes('array') ? [Number(HUGE)] : Number(HUGE));

  const isNumeric = (s: Schema | undefined) => !!s && typesOf(s).some((x) => x === 'integer' || x === 'number');
  // Numbers beyond any column: where the schema types them (query) or anywhere in a JSON body, the 400 the
  // README promises; text the schema takes as it is goes together with the usual names.
  const queryAlone = Object.keys(op.query).filter((n) => !isPlainText(op.query[n]!));
  const queryTogether = [
    ...Object.keys(op.query).filter((n) => isPlainText(op.query[n]!)),
    ...ALWAYS.filter((n) => !op.query[n]),
  ];
  for (const name of queryAlone) {
    const typed = isNumeric(op.query[name]);
    out.push({ ...query({ [name]: HUGE }), ...(typed ? { refuse: {} } : {}) });
    if (typed) out.push({ ...query({ [name]: BEYOND_SAFE }), refuse: {} });
  }
  out.push(query(Object.fromEntries(queryTogether.map((n) => [n, HUGE]))));
  if (op.pathParams.length) out.push(query({}, HUGE));
  if (sendsBody) {
    const props = op.body ?? {};
    for (const [name, s] of Object.entries(props))
      if (!isPlainText(s)) out.push({ ...post({ [name]: huge(s) }), refuse: {} });
    const together = [...Object.keys(props).filter((n) => isPlainText(props[n]!)), ...ALWAYS.filter((n) => !props[n])];
    out.push(post(Object.fromEntries(together.map((n) => [n, Number(HUGE)]))));
    out.push({ ...post(undefined), raw: '{"page":1e400,"limit":-1e400,"id":1e400}', refuse: {} });
    out.push({ ...post(undefined), raw: '{"equipmentId":1e20,"ids":[1e20]}', refuse: {} });
    // A body nested 5,000 deep: refused before anything walks or serialises it.
    out.push({ ...post(undefined), raw: DEEP, refuse: { field: 'body' } });
  }
  // Infinite and 30-digit pages and limits: a 400 where the route reads them, else no 500.
  const readsPaging = isNumeric(op.query.page) || isNumeric(op.query.limit);
  const infinite: Record<string, string>[] = [
    { page: '1e400', limit: '-1e400' },
    ...(readsPaging ? [{ limit: '1e400' }, { limit: '9'.repeat(30) }] : []),
  ];
  for (const q of infinite) out.push({ ...query(q), ...(readsPaging ? { refuse: {} } : {}) });
  // A period whose start or end is no date: refused naming a field (a 400 or a business error) where the route
  // reads one, else no 500.
  const readsPeriod = !!op.query.end || !!op.query.start;
  for (const day of readsPeriod ? NOT_DATES : NOT_DATES.slice(0, 1)) {
    const refuse = readsPeriod ? { refuse: { business: true } } : {};
    out.push({ ...query({ start: '2026-01-01', end: day }), ...refuse });
    out.push({ ...query({ start: day }), ...refuse });
  }
  if (sendsBody) {
    const bodyReads = !!op.body?.end || !!op.body?.start;
    for (const day of bodyReads ? NOT_DATES : NOT_DATES.slice(0, 1))
      out.push({ ...post({ start: '2026-01-01', end: day }), ...(bodyReads ? { refuse: { business: true } } : {}) });
  }
  // A NUL character in every text (refused in one place for all routes, so all at once).
  const texts = Object.keys(op.query).filter((n) => isText(op.query[n]!));
  if (texts.length) out.push(query(Object.fromEntries(texts.map((n) => [n, NUL]))));
  if (op.pathParams.length) out.push(query({}, NUL));
  if (sendsBody && op.body) {
    const nul = (s: Schema) =>
      typesOf(s).includes('array') ? [NUL] : typesOf(s).includes('object') ? { [NUL]: NUL } : NUL;
    out.push(post(Object.fromEntries(Object.entries(op.body).map(([n, s]) => [n, nul(s)]))));
  }
  // A wrong type everywhere at once, a mix of wrong values, and a body that is no object.
  const queryNames = [...new Set([...Object.keys(op.query), ...ALWAYS])];
  out.push(query(Object.fromEntries(queryNames.map((n) => [n, 'abc'])), 'abc'));
  out.push(query(MIXED_QUERY, 'abc'));
  if (sendsBody) {
    const bodyNames = [...new Set([...Object.keys(op.body ?? {}), ...ALWAYS])];
    out.push(post(Object.fromEntries(bodyNames.map((n) => [n, { x: 1 }]))));
    out.push(post(Object.fromEntries(bodyNames.map((n) => [n, 'abc']))));
    out.push(post(MIXED_BODY));
    out.push(post([1, 2, 3]));
    out.push({ ...post(undefined), raw: 'not json at all', headers: { 'content-type': 'application/json' } });
    out.push({ ...post(undefined), raw: '{"broken', headers: { 'content-type': 'application/json' } });
    // A truncated multipart upload.
    out.push({
      ...post(undefined),
      raw: '--x\r\nbroken',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
  }
  return out;
}

interface Failure {
  who: string;
  method: string;
  url: string;
  body: string;
  status: number;
  answer: string;
}

function refusedAsPromised(refuse: NonNullable<Probe['refuse']>, status: number, text: string): boolean {
  let answer: { rtnCode?: number; field?: string };
  try {
    answer = JSON.parse(text);
  } catch {
    return false;
  }
  // A caller this route turns away is refused before any input is read.
  if (status === 401 || status === 403) return true;
  const named = typeof answer.field === 'string' && (!refuse.field || answer.field === refuse.field);
  if (status === 400) return answer.rtnCode === 400 && named;
  return !!refuse.business && status === 200 && answer.rtnCode === 201 && named;
}

async function send(p: Probe, who: string, token: string | null): Promise<Failure | null> {
  const body = p.raw ?? (p.body === undefined ? undefined : JSON.stringify(p.body));
  const res = await t.app.inject({
    method: p.method as 'GET',
    url: p.url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !p.headers ? { 'content-type': 'application/json' } : {}),
      ...p.headers,
    },
    ...(body === undefined ? {} : { payload: body }),
  });
  if (res.statusCode < 500 && (!p.refuse || refusedAsPromised(p.refuse, res.statusCode, res.body))) return null;
  return {
    who,
    method: p.method,
    url: p.url,
    body: JSON.stringify(body ?? null),
    status: res.statusCode,
    answer: res.body.slice(0, 300),
  };
}

/**
 * Runs the probes a few at a time and collects every 500. Operations the caller cannot reach get only the last
 * few probes: the 401 or 403 comes before any input is looked at.
 */
async function sweep(who: string, token: string | null, reaches: (a: string) => boolean): Promise<Failure[]> {
  const queue = operations
    .filter((op) => !(token && ENDS_SESSION.has(`${op.method} ${op.path}`)))
    .flatMap((op) => (reaches(access.get(`${op.method} ${op.path}`) ?? 'tenant') ? probes(op) : probes(op).slice(-2)));
  const failures: Failure[] = [];
  const worker = async () => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      const f = await send(p, who, token);
      if (f) failures.push(f);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return failures;
}

const report = (failures: Failure[]) =>
  failures.map((f) => `${f.status} ${f.who}: ${f.method} ${f.url} ${f.body} -> ${f.answer}`).join('\n');

describe('malformed input to every route', () => {
  it('covers the routes of the OpenAPI document, multipart imports among them', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((op) => op.multipart).length).toBeGreaterThan(20);
  });

  it('never answers 500 to no one', { timeout: 900_000 }, async () => {
    const failures = await sweep('no one', null, (a) => a === 'public');
    expect(failures, report(failures)).toEqual([]);
  });

  it('never answers 500 to a tenant administrator', { timeout: 900_000 }, async () => {
    const failures = await sweep('admin', admin, (a) => a !== 'platform');
    expect(failures, report(failures)).toEqual([]);
    // Nothing above ended the session.
    expect((await t.call('GET', '/api-user/users/current', admin)).statusCode).toBe(200);
  });

  it('never answers 500 to the platform operator on the platform routes', { timeout: 900_000 }, async () => {
    const failures = await sweep('root', root, (a) => a === 'platform');
    expect(failures, report(failures)).toEqual([]);
    expect((await t.call('GET', '/api-user/users/current', root)).statusCode).toBe(200);
  });
});

describe("the refusals name the field in the caller's language", () => {
  const en = { lang: 'en' };
  const answer = (res: { statusCode: number; json(): unknown }) => ({
    status: res.statusCode,
    ...(res.json() as object),
  });

  it('a page, limit or id beyond its range', async () => {
    const page = await t.call('GET', `/api-user/users/all?page=${HUGE}`, admin, undefined, en);
    expect(answer(page)).toEqual({ status: 400, rtnCode: 400, field: 'page', msg: 'page must be at most 1000000' });
    const engine = await t.call('GET', '/api-user/workShop/page?limit=1001', admin, undefined, en);
    expect(answer(engine)).toMatchObject({ status: 400, field: 'limit', msg: 'limit must be at most 1000' });
    const id = await t.call('POST', '/api-user/users/del', admin, { ids: [Number(HUGE)] }, en);
    expect(answer(id)).toMatchObject({ status: 400, field: 'ids.0' });
  });

  it('a number beyond 2^53-1 or infinite, and a body nested too deep: the 400 the README and the OpenAPI describe', async () => {
    const words = (text: string) => text.replace(/\s+/g, ' ');
    const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(words(readme)).toContain(`- ${INPUT_RULES}`);
    const doc = (await t.call('GET', '/api-docs/json')).json() as { info: { description: string } };
    expect(doc.info.description).toBe(INPUT_RULES);

    const raw = (method: string, url: string, payload: string) =>
      t.app.inject({
        method: method as 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', lang: 'en' },
      });
    const max = 'must be at most 9007199254740991';
    // A quantity of a declared entity's line, an id of a report's filter, a limit of 30 digits, an infinite page.
    const quantity = await raw('POST', '/api-manage/spareparts/doc/save', '{"lines":[{"quantity":1e20}]}');
    expect(answer(quantity)).toEqual({
      status: 400,
      rtnCode: 400,
      field: 'lines.0.quantity',
      // Named by its declared label, the line counted from 1.
      msg: `Quantity of line 1 ${max}`,
    });
    const machine = await raw('POST', '/api-list/report/equipmentBYChart/export', '{"equipmentId":1e20}');
    expect(answer(machine)).toEqual({ status: 400, rtnCode: 400, field: 'equipmentId', msg: `equipmentId ${max}` });
    const limit = await t.call('GET', `/api-list/log/page?limit=${'9'.repeat(30)}`, admin, undefined, en);
    expect(answer(limit)).toEqual({ status: 400, rtnCode: 400, field: 'limit', msg: 'limit must be at most 200' });
    const page = await t.call('GET', '/api-list/log/page?page=1e400&limit=-1e400', admin, undefined, en);
    expect(answer(page)).toEqual({ status: 400, rtnCode: 400, field: 'page', msg: 'page must be at most 100000' });
    const below = await t.call('GET', '/api-list/log/page?limit=-1e400', admin, undefined, en);
    expect(answer(below)).toEqual({ status: 400, rtnCode: 400, field: 'limit', msg: 'limit must be at least 1' });
    const deep = await raw(
      'POST',
      '/api-list/report/equipmentBYChart/export',
      `{"x":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    );
    expect(answer(deep)).toEqual({
      status: 400,
      rtnCode: 400,
      field: 'body',
      msg: 'body is nested more than 32 levels deep',
    });
    const big = await raw(
      'POST',
      '/api-list/report/equipmentBYChart/export',
      JSON.stringify({ x: 'x'.repeat(3 << 20) }),
    );
    expect(answer(big)).toEqual({ status: 413, rtnCode: 413, msg: 'The uploaded content is too large' });
    // What the README leaves to the field: a number as text beyond its digits is the field's business error.
    const text = await t.call(
      'POST',
      '/api-manage/spareparts/doc/save',
      admin,
      { lines: [{ quantity: `1${'0'.repeat(20)}` }] },
      en,
    );
    expect(text.statusCode).toBe(200);
    expect(text.json()).toMatchObject({ rtnCode: 201 });
  });

  it('a period whose end is no date, on a report and on the operation log', async () => {
    for (const url of ['/api-list/report/equipmentBYChart?end=abc', '/api-list/log/page?end=2026-13-45']) {
      const res = await t.call('GET', url, admin, undefined, en);
      expect(answer(res)).toEqual({ status: 200, rtnCode: 201, field: 'end', msg: 'The date must be YYYY-MM-DD' });
    }
  });

  it('a NUL character, before any login', async () => {
    const res = await t.call('POST', '/sys/login', null, { username: 'a\u0000', password: 'x' }, en);
    expect(answer(res)).toEqual({
      status: 400,
      rtnCode: 400,
      field: 'username',
      msg: 'username contains a character that is not allowed',
    });
    const path = await t.call('GET', '/api-manage/form/a%00b/page', admin, undefined, en);
    expect(answer(path)).toMatchObject({ status: 400, field: 'code' });
  });

  it('a truncated multipart upload to an import', async () => {
    for (const url of ['/api-user/users/importexcel', '/api-manage/equipment/importexcel']) {
      const res = await t.call('POST', url, admin, '--x\r\nbroken', {
        ...en,
        'content-type': 'multipart/form-data; boundary=x',
      });
      expect(answer(res)).toEqual({
        status: 400,
        rtnCode: 400,
        field: 'file',
        msg: 'The upload is incomplete or malformed, please upload the file again',
      });
    }
  });
});
