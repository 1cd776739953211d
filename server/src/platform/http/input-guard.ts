import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { invalid } from './errors.js';
import { JSON_BODY_MAX, JSON_DEPTH_MAX, registerJsonBody } from './json-body.js';

/*
 * Input no route may pass on to the database, refused in one place for every route (spec: bad input is a
 * translated 400 naming the field, never a 500):
 *  - numbers beyond what a column or an offset holds: every integer and number of a route's schema gets
 *    bounds unless it declares its own (ids within JavaScript's safe integers, page and limit their maxima);
 *  - a number, once the schemas have read the request, that is not finite (1e400 is Infinity, which the
 *    validator's bounds let through) or beyond JavaScript's safe integers, wherever it is (a field the schema
 *    leaves untyped too): what the schema declares as text stays text;
 *  - a NUL character in any text, which PostgreSQL's text and jsonb cannot hold;
 *  - a JSON body too large or nested too deep (json-body.ts).
 */

/**
 * What the HTTP layer refuses for every route, as the README (API conventions) and the OpenAPI document's
 * description say it word for word (malformed.test.ts checks all three agree).
 */
export const INPUT_RULES = [
  'Input the database could not hold is refused with HTTP 400 `{ "rtnCode": 400, "msg", "field" }` naming the',
  'field, for every route and before the route reads it: any number in a JSON body or a numeric parameter',
  'beyond ±(2^53−1) or not finite (`1e400`), so ids beyond 2^53−1 too; `page` above 1,000,000 or `limit` above',
  "1000 unless the route documents another maximum (each parameter's bounds are in /api-docs); a NUL character in",
  `any text; a JSON body nested more than ${JSON_DEPTH_MAX} levels deep; a cut-off multipart upload. A JSON body`,
  `above ${JSON_BODY_MAX / 1024 / 1024} MiB is refused with HTTP 413. A declared field checks the rest of its own`,
  'rules like any business rule, HTTP 200 `{ "rtnCode": 201, "msg", "field" }` naming the field: a quantity or',
  'price within 2^53−1 but beyond its digits or its range, a number sent as text.',
].join(' ');

/** The largest id or number a request may carry: bigint columns hold more, JavaScript numbers no more exactly. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
/** The bounds of an integer (int4) column. */
export const INT4 = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;
/** Pages and rows per page: page × limit stays far within bigint and within JavaScript's exact integers. */
export const PAGE_MAX = 1_000_000;
export const LIMIT_MAX = 1000;

/** The page and limit parameters of every paged list. */
export const paging = {
  page: { type: 'integer', minimum: 1, maximum: PAGE_MAX, default: 1 },
  limit: { type: 'integer', minimum: 1, maximum: LIMIT_MAX, default: 20 },
};

type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

const NUMERIC = new Set(['integer', 'number']);

/** Default maxima by property name: a page or a limit without one of its own. */
const NAMED_MAXIMUM: Record<string, number> = { page: PAGE_MAX, limit: LIMIT_MAX };

function boundNumber(s: Schema, name: string | undefined): void {
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (!types.some((t) => NUMERIC.has(t as string))) return;
  if (s.maximum === undefined && s.exclusiveMaximum === undefined)
    s.maximum = name !== undefined && Object.hasOwn(NAMED_MAXIMUM, name) ? NAMED_MAXIMUM[name] : MAX_ID;
  if (s.minimum === undefined && s.exclusiveMinimum === undefined) s.minimum = -MAX_ID;
}

/** Gives every integer and number in a schema bounds unless it has its own (in place; shared pieces included). */
export function boundNumbers(schema: unknown, name?: string, seen = new Set<unknown>()): void {
  if (!isSchema(schema) || seen.has(schema)) return;
  seen.add(schema);
  boundNumber(schema, name);
  for (const [key, sub] of Object.entries(schema)) {
    if (key === 'properties' || key === 'patternProperties' || key === 'content') {
      if (isSchema(sub))
        for (const [n, s] of Object.entries(sub)) boundNumbers(key === 'content' ? (s as Schema)?.schema : s, n, seen);
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not') {
      if (Array.isArray(sub)) for (const s of sub) boundNumbers(s, name, seen);
      else boundNumbers(sub, name, seen);
    } else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') {
      if (Array.isArray(sub)) for (const s of sub) boundNumbers(s, name, seen);
    }
  }
}

const NUL = String.fromCharCode(0);

/** The path of the first text (value or key) holding a NUL character, walked without recursion. */
export function nulPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entries = Object.entries(v);
      for (const [k] of entries) if (k.includes(NUL)) return (path ? `${path}.${k}` : k).replaceAll(NUL, '');
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i]!;
        stack.push([x, path ? `${path}.${k}` : k]);
      }
    }
  }
  return null;
}

const PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

/** Refuses a request with a NUL character anywhere in its parameters, query or body, naming the field. */
async function refuseNul(req: FastifyRequest): Promise<void> {
  for (const [part, context] of PARTS) {
    const path = nulPath(req[part]);
    if (path !== null) throw invalid(path || context, 'errors.validation.nul');
  }
}

/** The path of the first number that is not finite or beyond ±MAX_ID, walked without recursion. */
export function hugeNumberPath(value: unknown): { path: string; n: number } | null {
  const stack: [unknown, string][] = [[value, '']];
  const seen = new Set<unknown>();
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (v && typeof v === 'object') {
      if (seen.has(v)) continue;
      seen.add(v);
    }
    if (typeof v === 'number') {
      if (!(Math.abs(v) <= MAX_ID)) return { path, n: v };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i]!;
        stack.push([x, path ? `${path}.${k}` : k]);
      }
    }
  }
  return null;
}

/** The schema of a field by its path (properties and items), for the bounds a refusal names. */
function schemaAt(schema: unknown, path: string): Schema | null {
  let s: unknown = schema;
  for (const part of path ? path.split('.') : []) {
    if (!isSchema(s)) return null;
    const props = s.properties;
    s = isSchema(props) && Object.hasOwn(props, part) ? props[part] : /^\d+$/.test(part) ? s.items : undefined;
  }
  if (!isSchema(s)) return null;
  const alternatives = [s, ...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])];
  return (
    alternatives.find((x): x is Schema => isSchema(x) && (x.maximum !== undefined || x.minimum !== undefined)) ?? s
  );
}

/**
 * Refuses a number no column or id holds, naming the field and the bound it passed (the route's own if any):
 * before validation the numbers of the JSON body as sent (a schema would turn one into text for a field it
 * reads as text), after it also the parameters the schemas made numbers of.
 */
function refuseHugeNumbers(parts: readonly (typeof PARTS)[number][]) {
  return async (req: FastifyRequest): Promise<void> => {
    const schema = (req.routeOptions.schema ?? {}) as Schema;
    for (const [part, context] of parts) refuseHuge(req[part], context, schema);
  };
}

function refuseHuge(value: unknown, context: string, schema: Schema): void {
  const found = hugeNumberPath(value);
  if (!found) return;
  const field = found.path || context;
  const bounds = schemaAt(schema[context], found.path);
  if (found.n > 0 || Number.isNaN(found.n)) {
    const limit = typeof bounds?.maximum === 'number' ? bounds.maximum : MAX_ID;
    throw invalid(field, 'errors.validation.maximum', { limit });
  }
  const limit = typeof bounds?.minimum === 'number' ? bounds.minimum : -MAX_ID;
  throw invalid(field, 'errors.validation.minimum', { limit });
}

export function registerInputGuard(app: FastifyInstance): void {
  registerJsonBody(app);
  app.addHook('onRoute', (route: RouteOptions) => {
    const s = route.schema as Schema | undefined;
    if (s) for (const part of ['params', 'querystring', 'body', 'headers']) boundNumbers(s[part]);
  });
  app.addHook('preValidation', refuseNul);
  app.addHook('preValidation', refuseHugeNumbers([PARTS[2]]));
  app.addHook('preHandler', refuseHugeNumbers(PARTS));
}
