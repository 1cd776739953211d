import { AppError } from './errors.js';
import { MAX_ID } from './input-guard.js';

/** Route-schema pieces and small helpers of hand-written routes (organisation, operator, signup, menus). */

export const envelope = {
  type: 'object',
  additionalProperties: true,
  properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' }, count: { type: 'integer' } },
};
export const response = { 200: envelope };

export const id = { type: 'integer', minimum: 1, maximum: MAX_ID };
export const ids = { type: 'array', items: id, maxItems: 5000 };
/** Text without NUL characters, which PostgreSQL cannot store. */
export const NO_NUL = '^[^\\u0000]*$';
export const optText = (max: number) => ({ type: ['string', 'null'], maxLength: max, pattern: NO_NUL });
export const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: NO_NUL });
/** A text filter of a list. */
export const filter = (max: number) => ({ type: 'string', maxLength: max, pattern: NO_NUL });
/** A yyyy-mm-dd date, or empty. */
export const optDate = { type: ['string', 'null'], pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' };

export { paging } from './input-guard.js';

/** A body of one id. */
export const idBody = { type: 'object', required: ['id'], properties: { id } };

/** A body of one id or several: { id } or { ids }. */
export const idsBody = { type: 'object', properties: { id, ids } };

/** The ids of an { id } / { ids } body; refuses an empty one naming the field. */
export function bodyIds(body: { id?: number; ids?: number[] }): number[] {
  const all = [...(body.ids ?? []), ...(body.id ? [body.id] : [])];
  if (all.length === 0) throw new AppError('invalid', 'errors.validation.required', { field: 'id' }, 'id');
  return [...new Set(all)];
}

/** A business rule broken on one field: HTTP 200 { rtnCode: 201, msg, field }. */
export const fieldError = (field: string, key: string, params: Record<string, unknown> = {}) =>
  new AppError('business', key, params, field);

/** Empty strings of optional form fields are stored as null. */
export const blank = <T>(v: T | '' | undefined): T | null => (v === '' || v === undefined ? null : v);

/** Escapes LIKE wildcards so a filter matches its text literally. */
export const like = (v: string): string => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A PostgreSQL unique / foreign-key violation, with the constraint it concerns. */
export function pgViolation(err: unknown): { code: string; constraint?: string } | null {
  const e = err as { code?: unknown; constraint?: unknown };
  if (typeof e?.code !== 'string' || !/^23/.test(e.code)) return null;
  return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
}

/** Builds a WHERE clause step by step with numbered parameters. */
export class Where {
  readonly parts: string[] = [];
  constructor(readonly params: unknown[] = []) {}

  /** Adds a condition; `?` in it stands for the value's parameter. */
  add(cond: string, value?: unknown): this {
    if (value === undefined) {
      this.parts.push(cond);
      return this;
    }
    this.params.push(value);
    this.parts.push(cond.replaceAll('?', `$${this.params.length}`));
    return this;
  }

  /** Adds an ILIKE filter on a column when the text is non-empty. */
  ilike(column: string, value: string | undefined): this {
    const v = value?.trim();
    return v ? this.add(`${column} ilike ?`, like(v)) : this;
  }

  get sql(): string {
    return this.parts.length ? this.parts.join(' and ') : 'true';
  }

  /** The next parameter number, for limit and offset after the filters. */
  next(n = 1): string {
    return `$${this.params.length + n}`;
  }
}

/** Nests flat rows by parentId; keeps the rows' order among siblings. */
export function nest<T extends { id: number; parentId: number | null }>(rows: T[]): (T & { children: unknown[] })[] {
  const nodes = new Map<number, T & { children: unknown[] }>();
  for (const r of rows) nodes.set(r.id, { ...r, children: [] });
  const roots: (T & { children: unknown[] })[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}
