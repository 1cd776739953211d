import type { Queryable, Row } from '../../db/index.js';
import type { TenantFailure } from './tenant-failures.js';

/*
 * What the jobs table tells of the platform's timed tasks and one-off jobs (the operator's /admin/timetask): the jobs
 * runner owns jobs and job_schedules, so their statements live here; the operator's routes call these on the
 * platform handle (req.platform).
 */
export interface RunPayload {
  tenantErrors?: TenantFailure[];
  tenantCount?: number;
}
export interface TaskRunRow {
  kind: string;
  paused: boolean;
  lastError: string | null;
  lastFailure: string | null;
  lastPayload: RunPayload | null;
  failurePayload: RunPayload | null;
  [column: string]: unknown;
}

/** Each recurring kind with its pause, last run, next run, failures of the last 7 days and last failure. */
export async function taskRuns(db: Queryable, kinds: readonly string[]): Promise<TaskRunRow[]> {
  const r = await db.query<TaskRunRow>(
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
    [kinds],
  );
  return r.rows;
}

/** Pauses or resumes a recurring kind (its runs are skipped while paused). */
export async function setTaskPaused(db: Queryable, kind: string, paused: boolean): Promise<void> {
  await db.query(
    `insert into job_schedules(kind, paused) values ($1, $2)
     on conflict (kind) do update set paused = excluded.paused, updated_at = now()`,
    [kind, paused],
  );
}

/** A page of one-off jobs (not of the recurring kinds), newest first, with their company and duration. */
export async function oneOffJobs(
  db: Queryable,
  recurring: readonly string[],
  q: { status?: string; limit: number; offset: number },
): Promise<{ rows: Row[]; count: number }> {
  const where = 'not (j.kind = any($1::text[])) and ($2::text is null or j.status = $2)';
  const rows = await db.query(
    `select j.id, j.kind, j.status, j.attempts, j.error, c.name as "companyName",
            j.created_at as "createdAt", j.started_at as "startedAt", j.finished_at as "finishedAt",
            (extract(epoch from (j.finished_at - j.started_at)) * 1000)::int as "durationMs"
       from jobs j left join companies c on c.id = j.tenant_id
      where ${where} order by j.id desc limit $3 offset $4`,
    [recurring, q.status ?? null, q.limit, q.offset],
  );
  const count = await db.query<{ n: number }>(`select count(*)::int as n from jobs j where ${where}`, [
    recurring,
    q.status ?? null,
  ]);
  return { rows: rows.rows, count: count.rows[0]?.n ?? 0 };
}

/** Finished jobs older than the days kept go (the timed tasks' history, exports' rows). */
export async function dropFinishedJobs(db: Queryable, keepDays: number): Promise<void> {
  await db.query(
    `delete from jobs where status in ('done', 'partial', 'failed') and finished_at < now() - make_interval(days => $1)`,
    [keepDays],
  );
}
