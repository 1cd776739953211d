import type { FastifyInstance } from 'fastify';
import { ok, page } from '../../platform/http/envelope.js';
import { businessError, notFound } from '../../platform/http/errors.js';
import {
  blank,
  fieldError,
  filter,
  id,
  idBody,
  nest,
  optText,
  paging,
  pgViolation,
  response,
  text,
  Where,
} from '../../platform/http/route-kit.js';
import { type Lang, languages } from '../../platform/i18n/index.js';
import { assertPlatformRowUnchanged, readVersionSchema } from '../../platform/resources/edit-check.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { itemNames } from './item-rules.js';

/**
 * The dictionary's reads (spec 7.2 item/...): parent entries (WorkType, energytype, ...) with their values. The
 * same reads serve the tenant's own dictionary (items, written through the engine: itemEntity) and, under
 * itemtemplate/, the platform's template that new tenants copy (item_templates, no tenant), whose writes are
 * here: a platform table outside the engine, as the other operator's templates.
 */
interface ItemStore {
  prefix: string;
  table: 'items' | 'item_templates';
  /** True for the tenant's table: every statement is limited to the caller's tenant; else the operator's. */
  scoped: boolean;
  view: string | string[];
  lookup: { selfService: true } | { permission: string };
  tag: string;
}

const tenantStore: ItemStore = {
  prefix: '/api-user/item',
  table: 'items',
  scoped: true,
  view: 'setUp:dictionary:view',
  lookup: { selfService: true },
  tag: 'org',
};
const templateStore: ItemStore = {
  prefix: '/api-user/itemtemplate',
  table: 'item_templates',
  scoped: false,
  view: 'admin:menu:view',
  lookup: { permission: 'admin:menu:view' },
  tag: 'operator',
};

interface ItemRow {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  value: string | null;
  sort: number;
  remark: string | null;
  names: ItemNames | null;
}
/** The entry's name in each language; a language left out (or empty) shows `name`. */
type ItemNames = Partial<Record<Lang, string>>;
interface ItemBody {
  id?: number;
  parentId?: number | null;
  code?: string;
  name?: string;
  value?: string | null;
  sort?: number;
  remark?: string | null;
  names?: ItemNames | null;
  updatedAt?: string;
}

const COLS =
  'i.id, i.parent_id as "parentId", i.code, i.name, i.names, i.value, i.sort, i.remark, i.updated_at as "updatedAt"';
/** Columns of the look-ups pickers use: `name` in the language of `$lang`, else the name given. */
const lookupCols = (lang: string) =>
  COLS.replace('i.name,', `coalesce(nullif(i.names->>${lang}, ''), i.name) as name,`);
const names = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: Object.fromEntries(languages.map((l) => [l, optText(100)])),
};
const itemProps = {
  parentId: { anyOf: [id, { type: 'null' }] },
  code: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9_.:-]+$' },
  name: text(100),
  value: optText(200),
  sort: { type: 'integer', minimum: -1000000, maximum: 1000000 },
  remark: optText(500),
  names,
};
const { parentId: _parent, ...editProps } = itemProps;

/** Statements of one store: `$1` is always the tenant (null for the template), matched by `scope`. */
function sql(s: ItemStore, tx: TenantTx) {
  return {
    from: `${s.table} i`,
    scope: s.scoped ? 'i.tenant_id = $1' : '$1::bigint is null',
    tenant: s.scoped ? tx.tenantId : null,
  };
}

async function findItem(s: ItemStore, tx: TenantTx, itemId: unknown): Promise<ItemRow> {
  const q = sql(s, tx);
  const r = await tx.query<ItemRow>(`select ${COLS} from ${q.from} where ${q.scope} and i.id = $2`, [q.tenant, itemId]);
  if (!r.rows[0]) throw notFound('errors.item.notFound');
  return r.rows[0];
}

async function assertCodeFree(s: ItemStore, tx: TenantTx, parentId: number | null, code: string, exceptId = 0) {
  const q = sql(s, tx);
  const r = await tx.query(
    `select 1 from ${q.from} where ${q.scope} and coalesce(i.parent_id, 0) = $2 and i.code = $3 and i.id <> $4`,
    [q.tenant, parentId ?? 0, code, exceptId],
  );
  if (r.rows.length) throw fieldError('code', 'errors.item.codeTaken', { value: code });
}

function mapViolation(err: unknown, code: string | undefined): unknown {
  const v = pgViolation(err);
  if (v?.code === '23505') return fieldError('code', 'errors.item.codeTaken', { value: code });
  return err;
}

function registerStore(app: FastifyInstance, s: ItemStore): void {
  const platform = s.scoped ? {} : { platform: true };
  const tags = [s.tag];

  app.get<{ Querystring: { page: number; limit: number; code?: string; name?: string } }>(
    `${s.prefix}/getItemParent`,
    {
      config: { ...platform, permission: s.view },
      schema: {
        tags,
        summary: 'Dictionary parents (the kinds of values), paged',
        querystring: {
          type: 'object',
          properties: { ...paging, code: filter(50), name: filter(100) },
        },
        response,
      },
    },
    async (req) =>
      req.tenant(async (tx) => {
        const q = sql(s, tx);
        const w = new Where([q.tenant]).add(q.scope).add('i.parent_id is null');
        w.ilike('i.code', req.query.code).ilike('i.name', req.query.name);
        const { page: pg, limit } = req.query;
        const rows = await tx.query(
          `select ${COLS} from ${q.from} where ${w.sql} order by i.sort, i.id limit ${w.next()} offset ${w.next(2)}`,
          [...w.params, limit, (pg - 1) * limit],
        );
        const n = await tx.query<{ n: number }>(`select count(*) as n from ${q.from} where ${w.sql}`, w.params);
        return page(rows.rows, n.rows[0]!.n);
      }),
  );

  app.get<{ Querystring: { code?: string } }>(
    `${s.prefix}/getItemTree`,
    {
      config: { ...platform, permission: s.view },
      schema: {
        tags,
        summary: 'The whole dictionary as a tree (or one parent with code)',
        querystring: { type: 'object', properties: { code: filter(50) } },
        response,
      },
    },
    async (req) =>
      ok(
        await req.tenant(async (tx) => {
          const q = sql(s, tx);
          const code = req.query.code?.trim();
          const r = await tx.query<ItemRow>(
            `with recursive t as (
               select i.* from ${q.from} where ${q.scope} and i.parent_id is null and ($2::text is null or i.code = $2)
               union all select i.* from ${q.from} join t on i.parent_id = t.id where ${q.scope})
             select ${COLS} from t i order by i.sort, i.id`,
            [q.tenant, code || null],
          );
          return nest(r.rows);
        }),
      ),
  );

  app.get<{ Querystring: { code: string } }>(
    `${s.prefix}/getItemListByCode`,
    {
      config: { ...platform, ...s.lookup },
      schema: {
        tags,
        summary: 'The values of one dictionary parent, for example WorkType or energytype',
        querystring: { type: 'object', required: ['code'], properties: { code: filter(50) } },
        response,
      },
    },
    async (req) =>
      ok(
        await req.tenant(async (tx) => {
          const q = sql(s, tx);
          const r = await tx.query(
            `select ${lookupCols('$3')}, p.code as "parentCode" from ${q.from}
               join ${s.table} p on p.id = i.parent_id ${s.scoped ? 'and p.tenant_id = i.tenant_id' : ''}
              where ${q.scope} and p.parent_id is null and p.code = $2 order by i.sort, i.id`,
            [q.tenant, req.query.code, req.lang],
          );
          return r.rows;
        }),
      ),
  );

  app.get<{ Querystring: { encode: string } }>(
    `${s.prefix}/getItemByCode`,
    {
      config: { ...platform, ...s.lookup },
      schema: {
        tags,
        summary: 'One dictionary parent by its code, with its values (null when there is none)',
        querystring: {
          type: 'object',
          required: ['encode'],
          properties: { encode: filter(50) },
        },
        response,
      },
    },
    async (req) =>
      ok(
        await req.tenant(async (tx) => {
          const q = sql(s, tx);
          const r = await tx.query<ItemRow>(
            `select ${lookupCols('$3')} from ${q.from} where ${q.scope} and i.parent_id is null and i.code = $2`,
            [q.tenant, req.query.encode, req.lang],
          );
          const parent = r.rows[0];
          if (!parent) return null;
          const children = await tx.query(
            `select ${lookupCols('$3')} from ${q.from} where ${q.scope} and i.parent_id = $2 order by i.sort, i.id`,
            [q.tenant, parent.id, req.lang],
          );
          return { ...parent, children: children.rows };
        }),
      ),
  );
}

/** The operator's template: add, change and delete its entries. */
function registerTemplateWrites(app: FastifyInstance): void {
  const s = templateStore;
  const platform = { platform: true };
  const tags = [s.tag];

  app.post<{ Body: ItemBody }>(
    `${s.prefix}/insert`,
    {
      config: { ...platform, permission: 'admin:menu:add' },
      schema: {
        tags,
        summary: 'Add a dictionary parent, or a value under parentId (code unique under its parent)',
        body: { type: 'object', required: ['code', 'name'], properties: itemProps },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      const itemId = await req
        .tenant(async (tx) => {
          const parentId = b.parentId ?? null;
          if (parentId !== null) await findItem(s, tx, parentId).catch(() => Promise.reject(parentMissing()));
          await assertCodeFree(s, tx, parentId, b.code!);
          const values = {
            parent_id: parentId,
            code: b.code,
            name: b.name!.trim(),
            value: blank(b.value),
            sort: b.sort ?? 0,
            remark: blank(b.remark),
            names: namesJson(b.names),
          };
          const r = await tx.query<{ id: number }>(
            `insert into item_templates(parent_id, code, name, value, sort, remark, names)
             values ($1,$2,$3,$4,$5,$6,$7::jsonb) returning id`,
            [values.parent_id, values.code, values.name, values.value, values.sort, values.remark, values.names],
          );
          return r.rows[0]!.id;
        })
        .catch((e) => {
          throw mapViolation(e, b.code);
        });
      return ok({ id: itemId });
    },
  );

  app.post<{ Body: ItemBody & { id: number } }>(
    `${s.prefix}/update`,
    {
      config: { ...platform, permission: 'admin:menu:edit' },
      schema: {
        tags,
        summary: 'Change a dictionary entry (only the fields sent; it stays under its parent)',
        body: { type: 'object', required: ['id'], properties: { id, ...editProps, updatedAt: readVersionSchema } },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      await req
        .tenant(async (tx) => {
          const cur = await findItem(s, tx, b.id);
          await assertPlatformRowUnchanged(tx, 'item_templates', b.id, b.updatedAt);
          if (b.code !== undefined) await assertCodeFree(s, tx, cur.parentId, b.code, b.id);
          const q = sql(s, tx);
          await tx.query(
            `update ${s.table} i set code = coalesce($3, code), name = coalesce($4, name),
                    value = case when $7 then $5 else value end, sort = coalesce($6, sort),
                    remark = case when $9 then $8 else remark end,
                    names = case when $11 then $10::jsonb else names end, updated_at = now()
              where ${q.scope} and i.id = $2`,
            [
              q.tenant,
              b.id,
              b.code ?? null,
              b.name?.trim() ?? null,
              blank(b.value),
              b.sort ?? null,
              b.value !== undefined,
              blank(b.remark),
              b.remark !== undefined,
              namesJson(b.names),
              b.names !== undefined,
            ],
          );
        })
        .catch((e) => {
          throw mapViolation(e, b.code);
        });
      return ok(null);
    },
  );

  app.post<{ Body: { id: number } }>(
    `${s.prefix}/del`,
    {
      config: { ...platform, permission: 'admin:menu:delete' },
      schema: {
        tags,
        summary: 'Delete a dictionary entry; refused while it has values under it',
        body: idBody,
        response,
      },
    },
    async (req) => {
      await req.tenant(async (tx) => {
        await findItem(s, tx, req.body.id);
        const q = sql(s, tx);
        const children = await tx.query<{ n: number }>(
          `select count(*) as n from ${q.from} where ${q.scope} and i.parent_id = $2`,
          [q.tenant, req.body.id],
        );
        if (children.rows[0]!.n > 0) throw businessError('errors.item.hasChildren', { count: children.rows[0]!.n });
        await tx.query(`delete from ${s.table} i where ${q.scope} and i.id = $2`, [q.tenant, req.body.id]);
      });
      return ok(null);
    },
  );
}

/** The translations to store as JSON (the dictionary's own rule, itemNames); null when none is left. */
function namesJson(given: ItemNames | null | undefined): string | null {
  const kept = itemNames(given);
  return kept ? JSON.stringify(kept) : null;
}

const parentMissing = () => fieldError('parentId', 'errors.item.parentNotFound');

export async function itemRoutes(app: FastifyInstance): Promise<void> {
  registerStore(app, tenantStore);
  registerStore(app, templateStore);
  registerTemplateWrites(app);
}
