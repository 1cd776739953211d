import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { periodOf, Sql, tenantTimeZone } from '../../platform/reports/filters.js';
import { entityLabels, labelEntries } from './oplog-labels.js';

interface LogQuery {
  page?: number;
  limit?: number;
  userId?: number;
  entity?: string;
  action?: string;
  recordId?: string;
  start?: string;
  end?: string;
}

const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

/** The operation log (/log/loglist): the engine's audit log, filtered and paged in SQL, newest first. */
export const operationLogRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: LogQuery }>(
    '/api-list/log/page',
    {
      config: { permission: 'log:view' },
      schema: {
        tags: ['reports'],
        summary: 'Operation log: who changed which record how (before and after), by person, entity, action, period',
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 100_000 },
            limit: { type: 'integer', minimum: 1, maximum: 200 },
            userId: id,
            entity: { type: 'string', maxLength: 60 },
            action: { type: 'string', enum: ['create', 'update', 'delete', 'import', 'call', 'refused'] },
            recordId: { type: 'string', maxLength: 40 },
            start: { type: 'string', maxLength: 10 },
            end: { type: 'string', maxLength: 10 },
          },
        },
        response: { 200: { type: 'object', additionalProperties: true } },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const q = req.query;
        const page = q.page ?? 1;
        const limit = q.limit ?? 20;
        const sql = new Sql(tx.tenantId);
        const where = ['a.tenant_id = $1'];
        if (q.userId) where.push(`a.user_id = ${sql.p(q.userId)}`);
        if (q.entity) where.push(`a.entity = ${sql.p(q.entity)}`);
        if (q.action) where.push(`a.action = ${sql.p(q.action)}`);
        if (q.recordId) where.push(`a.record_id = ${sql.p(q.recordId)}`);
        if (q.start || q.end) {
          const period = periodOf({ start: q.start, end: q.end }, await tenantTimeZone(tx));
          const tz = sql.p(period.timeZone);
          where.push(`a.at >= (${sql.p(period.start)}::date::timestamp at time zone ${tz})`);
          where.push(`a.at < ((${sql.p(period.end)}::date + 1)::timestamp at time zone ${tz})`);
        }
        const count = await tx.query<{ n: number }>(
          `select count(*)::int as n from audit_log a where ${where.join(' and ')}`,
          sql.values,
        );
        const rows = await tx.query<Parameters<typeof labelEntries>[1][number]>(
          `select a.id, a.at, a.user_id as "userId", u.peoplename as "userName", a.entity, a.record_id as "recordId",
                  a.action, a.before, a.after
             from audit_log a left join users u on u.tenant_id = a.tenant_id and u.id = a.user_id
            where ${where.join(' and ')} order by a.at desc, a.id desc limit ${sql.p(limit)} offset ${sql.p((page - 1) * limit)}`,
          sql.values,
        );
        return { ...ok(await labelEntries(tx, rows.rows, req.lang)), count: count.rows[0]!.n };
      }),
  );

  app.get(
    '/api-list/log/entities',
    {
      config: { permission: 'log:view' },
      schema: {
        tags: ['reports'],
        summary: 'Operation log: the entities that have entries (for the filter), with their titles (labels)',
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const r = await tx.query<{ entity: string }>(
          'select distinct entity from audit_log where tenant_id = $1 order by entity',
          [tx.tenantId],
        );
        // The names as before (the filter's values), with their titles in the reader's language beside.
        const titles = await entityLabels(
          tx,
          r.rows.map((x) => x.entity),
          req.lang,
        );
        return { ...ok(r.rows.map((x) => x.entity)), labels: Object.fromEntries(titles) };
      }),
  );
};
