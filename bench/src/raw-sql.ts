import type { Database, Queryable } from '../../server/src/db/index.js';
import { type TenantTx, withTenant } from '../../server/src/platform/tenancy/tenant-tx.js';
import type { Figures } from './scenarios.js';

export interface Statement {
  sql: string;
  params: unknown[];
  /** Sent with BEGIN in one round trip (the tenant settings). */
  prelude?: boolean;
}

function recordingQueryable(q: Queryable, log: Statement[]): Queryable {
  return {
    query(sql, params = []) {
      log.push({ sql, params: [...params] });
      return q.query(sql, params);
    },
    exec(sql) {
      log.push({ sql, params: [] });
      return q.exec(sql);
    },
  };
}

/**
 * The statements an engine call issues inside a tenant transaction (the tenant settings and table versions
 * sent with BEGIN, then the page; or the update and its audit row), recorded from the call itself: the limit
 * replays exactly the SQL the engine's query builder made. Recorded on the second of two calls, as a server
 * under load runs it: the values kept under the table versions (the total, the custom fields, the
 * dictionaries) are kept by then.
 */
export async function recordStatements(
  db: Database,
  tenantId: number,
  userId: number,
  fn: (tx: TenantTx) => Promise<unknown>,
): Promise<Statement[]> {
  let log: Statement[] = [];
  const recorder: Database = {
    ...db,
    transaction: (inner, prelude) => {
      if (prelude) log.push({ sql: prelude, params: [], prelude: true });
      return db.transaction((tx, rows) => inner(recordingQueryable(tx, log), rows), prelude);
    },
  };
  await withTenant(recorder, tenantId, userId, fn);
  log = [];
  await withTenant(recorder, tenantId, userId, fn);
  return log;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;

/**
 * Replays statements as one transaction per request through the driver, with `connections` requests in
 * flight at once for `seconds`: the database's own limit for an endpoint with the same concurrency.
 */
export async function replayLoad(
  db: Database,
  statements: Statement[],
  connections: number,
  seconds: number,
): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const prelude = statements.find((s) => s.prelude)?.sql;
  const body = statements.filter((s) => !s.prelude);
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        await db.transaction(async (tx) => {
          for (const s of body) await tx.query(s.sql, s.params);
        }, prelude);
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    rps: Math.round(latencies.length / elapsed),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    errors,
    non2xx: 0,
  };
}
