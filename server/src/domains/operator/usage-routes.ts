import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { ok, page } from '../../platform/http/envelope.js';
import { notFound } from '../../platform/http/errors.js';
import { filter, id, paging, response, Where } from '../../platform/http/route-kit.js';
import type { Lang } from '../../platform/i18n/index.js';
import { entityTitle } from '../../platform/resources/model.js';
import { allEntities } from '../../platform/resources/registry.js';

/*
 * The operator's usage statistics per tenant (spec 7.3 opsys/...): users, active users, logins, records per
 * module and storage. They read every tenant's rows, so they run on the owner connection, aggregated in SQL.
 * A login is a session opened (sessions.created_at).
 */
const VIEW = ['operatesys:usecase:view', 'operatesys:usecase_detail:view'];
const cfg = { platform: true, permission: VIEW };
const companyQuery = { companyId: id };

const USAGE_COLUMNS = `c.id, c.name, c.code, c.state, to_char(c.expiry_date, 'YYYY-MM-DD') as "expiryDate",
  v.name as "versionName", c.user_limit as "userLimit",
  (select count(*) from users u where u.tenant_id = c.id and not u.deleted)::int as "userCount",
  (select count(distinct s.user_id) from sessions s where s.tenant_id = c.id and s.created_at > now() - interval '7 days')::int as "active7",
  (select count(distinct s.user_id) from sessions s where s.tenant_id = c.id and s.created_at > now() - interval '30 days')::int as "active30",
  (select count(*) from sessions s where s.tenant_id = c.id and s.created_at > now() - interval '30 days')::int as "logins30",
  (select max(s.created_at) from sessions s where s.tenant_id = c.id) as "lastLoginAt",
  (select coalesce(sum(f.size), 0) from files f where f.tenant_id = c.id)::bigint as "storageBytes"`;

async function company(db: Queryable, companyId: number) {
  const r = await db.query(
    `select ${USAGE_COLUMNS} from companies c left join sys_versions v on v.id = c.version_id where c.id = $1`,
    [companyId],
  );
  if (!r.rows[0]) throw notFound('errors.company.notFound');
  return r.rows[0];
}

/** Tables with tenant rows and an id: the modules whose records are counted. */
async function tenantTables(db: Queryable): Promise<string[]> {
  const r = await db.query<{ table: string }>(
    `select c.relname as table from pg_class c
      where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'id' and not a.attisdropped)
        and c.relname not in ('sessions', 'audit_log', 'messages', 'jobs', 'downloads')
      order by c.relname`,
  );
  return r.rows.map((x) => x.table);
}

/** A table's module name in the reader's language: the title of the entity declared on it, else the table. */
function moduleName(table: string, lang: Lang): string {
  const def = allEntities().find((e) => e.table === table && !e.scope);
  return def ? entityTitle(def, lang) : table;
}

export async function usageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { page: number; limit: number; name?: string } }>(
    '/api-user/opsys/getSysTenantPage',
    {
      config: cfg,
      schema: {
        tags: ['operator'],
        summary: 'Usage per tenant company: users, active users in 7 and 30 days, logins, storage, expiry; paged',
        querystring: { type: 'object', properties: { ...paging, name: filter(100) } },
        response,
      },
    },
    async (req) =>
      req.platform(async (db) => {
        const q = req.query;
        const where = new Where().add('not c.is_platform').ilike('c.name', q.name);
        const rows = await db.query(
          `select ${USAGE_COLUMNS} from companies c left join sys_versions v on v.id = c.version_id
          where ${where.sql} order by c.id limit ${where.next()} offset ${where.next(2)}`,
          [...where.params, q.limit, (q.page - 1) * q.limit],
        );
        const n = await db.query<{ n: number }>(
          `select count(*)::int as n from companies c where ${where.sql}`,
          where.params,
        );
        return page(rows.rows, n.rows[0]!.n);
      }),
  );

  app.get<{ Querystring: { companyId: number } }>(
    '/api-user/opsys/getSysTeUserDetail',
    {
      config: cfg,
      schema: {
        tags: ['operator'],
        summary: "One tenant's usage figures",
        querystring: { type: 'object', required: ['companyId'], properties: companyQuery },
        response,
      },
    },
    async (req) => ok(await req.platform((db) => company(db, req.query.companyId))),
  );

  app.get<{ Querystring: { page: number; limit: number; companyId: number; name?: string } }>(
    '/api-user/opsys/getSysPeoTenantPage',
    {
      config: cfg,
      schema: {
        tags: ['operator'],
        summary: 'The people of a tenant with their last login and logins in 30 days, paged',
        querystring: {
          type: 'object',
          required: ['companyId'],
          properties: { ...paging, ...companyQuery, name: filter(100) },
        },
        response,
      },
    },
    async (req) =>
      req.platform(async (db) => {
        const q = req.query;
        await company(db, q.companyId);
        const w = new Where([q.companyId]).add('u.tenant_id = $1 and not u.deleted').ilike('u.peoplename', q.name);
        const rows = await db.query(
          `select u.id, u.username, u.peoplename, u.state,
                (select max(s.created_at) from sessions s where s.tenant_id = u.tenant_id and s.user_id = u.id) as "lastLoginAt",
                (select count(*) from sessions s where s.tenant_id = u.tenant_id and s.user_id = u.id
                    and s.created_at > now() - interval '30 days')::int as "logins30"
           from users u where ${w.sql} order by u.id limit ${w.next()} offset ${w.next(2)}`,
          [...w.params, q.limit, (q.page - 1) * q.limit],
        );
        const n = await db.query<{ n: number }>(`select count(*)::int as n from users u where ${w.sql}`, w.params);
        return page(rows.rows, n.rows[0]!.n);
      }),
  );

  app.get<{ Querystring: { companyId: number; days?: number } }>(
    '/api-user/opsys/getSysTenantLoginData',
    {
      config: cfg,
      schema: {
        tags: ['operator'],
        summary: "A tenant's logins and distinct users per day over the last days (for a chart), in its time zone",
        querystring: {
          type: 'object',
          required: ['companyId'],
          properties: { ...companyQuery, days: { type: 'integer', minimum: 1, maximum: 366, default: 30 } },
        },
        response,
      },
    },
    async (req) =>
      req.platform(async (db) => {
        await company(db, req.query.companyId);
        const r = await db.query(
          `with tz as (select timezone from companies where id = $1),
              days as (select generate_series((now() at time zone (select timezone from tz))::date - ($2::int - 1),
                                              (now() at time zone (select timezone from tz))::date, interval '1 day')::date as day)
         select to_char(d.day, 'YYYY-MM-DD') as day, count(s.user_id)::int as logins, count(distinct s.user_id)::int as users
           from days d left join sessions s on s.tenant_id = $1
                 and (s.created_at at time zone (select timezone from tz))::date = d.day
          group by d.day order by d.day`,
          [req.query.companyId, req.query.days ?? 30],
        );
        return ok(r.rows);
      }),
  );

  app.get<{ Querystring: { companyId: number } }>(
    '/api-user/opsys/getSysTenantstisPage',
    {
      config: cfg,
      schema: {
        tags: ['operator'],
        summary: "A tenant's record count per module (table, with its entity's title), the largest first",
        querystring: { type: 'object', required: ['companyId'], properties: companyQuery },
        response,
      },
    },
    async (req) =>
      req.platform(async (db) => {
        await company(db, req.query.companyId);
        const tables = await tenantTables(db);
        if (!tables.length) return ok([]);
        const union = tables
          .map((tb) => `select '${tb}' as entity, count(*)::int as records from "${tb}" where tenant_id = $1`)
          .join(' union all ');
        const r = await db.query<{ entity: string; records: number }>(
          `select entity, records from (${union}) x where records > 0 order by records desc, entity`,
          [req.query.companyId],
        );
        return ok(r.rows.map((x) => ({ ...x, name: moduleName(x.entity, req.lang) })));
      }),
  );

  app.get<{ Querystring: { page: number; limit: number; companyId: number; userId?: number } }>(
    '/api-user/opsys/getSysTeUserPage',
    {
      config: cfg,
      schema: {
        tags: ['operator'],
        summary: "A tenant's login history (newest first), optionally of one user; paged",
        querystring: {
          type: 'object',
          required: ['companyId'],
          properties: { ...paging, ...companyQuery, userId: id },
        },
        response,
      },
    },
    async (req) =>
      req.platform(async (db) => {
        const q = req.query;
        await company(db, q.companyId);
        const w = new Where([q.companyId]).add('s.tenant_id = $1');
        if (q.userId) w.add('s.user_id = ?', q.userId);
        const rows = await db.query(
          `select s.user_id as "userId", u.username, u.peoplename, s.created_at as "createdAt", s.last_ip as "lastIp",
                s.user_agent as "userAgent"
           from sessions s join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
          where ${w.sql} order by s.created_at desc limit ${w.next()} offset ${w.next(2)}`,
          [...w.params, q.limit, (q.page - 1) * q.limit],
        );
        const n = await db.query<{ n: number }>(`select count(*)::int as n from sessions s where ${w.sql}`, w.params);
        return page(rows.rows, n.rows[0]!.n);
      }),
  );
}
