import type { FastifyInstance } from 'fastify';
import { ok, page } from '../../platform/http/envelope.js';
import { invalid } from '../../platform/http/errors.js';
import { type TenantFailure, tenantFailuresText } from '../../platform/jobs/tenant-failures.js';
import { ownerDb } from '../../platform/system/owner.js';
import { response } from '../org/http.js';

/*
 * Timed tasks (/admin/timetask): the platform's recurring jobs (app.jobs.every / everyTenant) with their period,
 * last run (start, end, duration, result, error), next run and failures; pause, resume and run now. A per-tenant
 * run in which some companies failed is 'partial' (done with errors) and names them.
 * The history is the jobs table itself (one row per run; started_at is set as a run is claimed).
 */
interface RunPayload {
  tenantErrors?: TenantFailure[];
  tenantCount?: number;
}
interface TaskRow {
  kind: string;
  lastError: string | null;
  lastFailure: string | null;
  lastPayload: RunPayload | null;
  failurePayload: RunPayload | null;
}

const kindBody = {
  type: 'object',
  required: ['kind'],
  properties: { kind: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' } },
};

export async function timedTaskRoutes(app: FastifyInstance): Promise<void> {
  const known = (kind: string) => {
    if (!app.jobs.recurringJobs().some((j) => j.kind === kind)) throw invalid('kind', 'errors.timetask.notFound');
  };

  app.get(
    '/api-user/timetask/getTaskList',
    {
      config: { platform: true, permission: 'admin:timetask:view' },
      schema: { tags: ['operator'], summary: 'Every timed task with its last run, next run and failures', response },
    },
    async (req) => {
      const jobs = app.jobs.recurringJobs();
      const r = await ownerDb(app).query<TaskRow>(
        `select k.kind, coalesce(s.paused, false) as paused,
                last.status as "lastStatus", last.started_at as "lastStartedAt", last.finished_at as "lastFinishedAt",
                (extract(epoch from (last.finished_at - last.started_at)) * 1000)::int as "lastDurationMs",
                last.error as "lastError", last.payload as "lastPayload",
                (select min(q.run_at) from jobs q where q.kind = k.kind and q.status = 'queued') as "nextRunAt",
                (select count(*) from jobs f where f.kind = k.kind and f.status in ('failed', 'partial')
                    and f.finished_at > now() - interval '7 days')::int as failures,
                fail.error as "lastFailure", fail.payload as "failurePayload"
           from unnest($1::text[]) k(kind)
           left join job_schedules s on s.kind = k.kind
           left join lateral (select j.status, j.started_at, j.finished_at, j.error, j.payload from jobs j
                               where j.kind = k.kind and j.finished_at is not null and not (j.payload ? 'skipped')
                               order by j.finished_at desc limit 1) last on true
           left join lateral (select f.error, f.payload from jobs f
                               where f.kind = k.kind and f.status in ('failed', 'partial')
                               order by f.finished_at desc limit 1) fail on true
          order by k.kind`,
        [jobs.map((j) => j.kind)],
      );
      const seconds = new Map(jobs.map((j) => [j.kind, j.seconds]));
      // A run done with errors names its companies in the reader's language.
      const text = (error: string | null, payload: RunPayload | null) =>
        payload?.tenantErrors ? tenantFailuresText(req.lang, payload.tenantErrors, payload.tenantCount ?? 0) : error;
      return ok(
        r.rows.map(({ lastPayload, failurePayload, ...row }) => ({
          ...row,
          seconds: seconds.get(row.kind),
          lastError: text(row.lastError, lastPayload),
          lastFailure: text(row.lastFailure, failurePayload),
          failedCompanies: (lastPayload?.tenantErrors ?? []).map((f) => ({
            id: f.tenantId,
            name: f.name,
            code: f.code,
          })),
        })),
      );
    },
  );

  for (const [path, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const)
    app.post<{ Body: { kind: string } }>(
      `/api-user/timetask/${path}`,
      {
        config: { platform: true, permission: 'admin:timetask:enable' },
        schema: {
          tags: ['operator'],
          summary: paused ? 'Pause a timed task (its runs are skipped)' : 'Resume a paused timed task',
          body: kindBody,
          response,
        },
      },
      async (req) => {
        known(req.body.kind);
        await ownerDb(app).query(
          `insert into job_schedules(kind, paused) values ($1, $2)
           on conflict (kind) do update set paused = excluded.paused, updated_at = now()`,
          [req.body.kind, paused],
        );
        return ok({ kind: req.body.kind, paused });
      },
    );

  app.get<{ Querystring: { page: number; limit: number; status?: string } }>(
    '/api-user/timetask/getJobPage',
    {
      config: { platform: true, permission: 'admin:timetask:view' },
      schema: {
        tags: ['operator'],
        summary:
          'One-off jobs (exports, imports, reports to My downloads), newest first, with their company and result',
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
          },
        },
        response,
      },
    },
    async (req) => {
      const { limit, status } = req.query;
      const offset = (req.query.page - 1) * limit;
      const recurring = app.jobs.recurringJobs().map((j) => j.kind);
      const where = 'not (j.kind = any($1::text[])) and ($2::text is null or j.status = $2)';
      const db = ownerDb(app);
      const [rows, count] = await Promise.all([
        db.query(
          `select j.id, j.kind, j.status, j.attempts, j.error, c.name as "companyName",
                  j.created_at as "createdAt", j.started_at as "startedAt", j.finished_at as "finishedAt",
                  (extract(epoch from (j.finished_at - j.started_at)) * 1000)::int as "durationMs"
             from jobs j left join companies c on c.id = j.tenant_id
            where ${where} order by j.id desc limit $3 offset $4`,
          [recurring, status ?? null, limit, offset],
        ),
        db.query<{ n: number }>(`select count(*)::int as n from jobs j where ${where}`, [recurring, status ?? null]),
      ]);
      return page(rows.rows, count.rows[0]?.n ?? 0);
    },
  );

  app.post<{ Body: { kind: string } }>(
    '/api-user/timetask/run',
    {
      config: { platform: true, permission: 'admin:timetask:execute' },
      schema: { tags: ['operator'], summary: 'Run a timed task now (even while paused)', body: kindBody, response },
    },
    async (req) => {
      known(req.body.kind);
      await app.jobs.runNow(req.body.kind);
      return ok({ kind: req.body.kind });
    },
  );
}
