import type { FastifyInstance } from 'fastify';
import { ok, page } from '../../platform/http/envelope.js';
import { invalid } from '../../platform/http/errors.js';
import { response } from '../../platform/http/route-kit.js';
import { oneOffJobs, type RunPayload, setTaskPaused, taskRuns } from '../../platform/jobs/history.js';
import { tenantFailuresText } from '../../platform/jobs/tenant-failures.js';

/*
 * Timed tasks (/admin/timetask): the platform's recurring jobs (app.jobs.every / everyTenant) with their period,
 * last run (start, end, duration, result, error), next run and failures; pause, resume and run now. A per-tenant
 * run in which some companies failed is 'partial' (done with errors) and names them.
 * The history is the jobs table itself (one row per run; started_at is set as a run is claimed).
 */

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
      const rows = await req.platform((tx) =>
        taskRuns(
          tx,
          jobs.map((j) => j.kind),
        ),
      );
      const seconds = new Map(jobs.map((j) => [j.kind, j.seconds]));
      // A run done with errors names its companies in the reader's language.
      const text = (error: string | null, payload: RunPayload | null) =>
        payload?.tenantErrors ? tenantFailuresText(req.lang, payload.tenantErrors, payload.tenantCount ?? 0) : error;
      return ok(
        rows.map(({ lastPayload, failurePayload, ...row }) => ({
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
        await req.platform((tx) => setTaskPaused(tx, req.body.kind, paused));
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
      const r = await req.platform((tx) => oneOffJobs(tx, recurring, { status, limit, offset }));
      return page(r.rows, r.count);
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
