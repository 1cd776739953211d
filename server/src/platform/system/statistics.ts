import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { ownerDb } from './owner.js';

/** A table name that needs no quoting rules beyond double quotes. */
const PLAIN_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Refreshes the planner's statistics of a table after a large write (the embedded database has no autovacuum).
 * Statistics are the table's, not a tenant's, so this runs on the owner connection, in the background.
 */
export function analyzeSoon(app: FastifyInstance, table: string): void {
  if (!PLAIN_NAME.test(table)) return;
  ownerDb(app)
    .exec(`analyze "${table}"`)
    .catch(() => undefined);
}

/**
 * Analyzes the tables of the schema whose rows changed by more than autovacuum's default threshold (50 rows and
 * a tenth of the table) since their last analyze, as autovacuum would; returns their names. The embedded
 * database has no autovacuum, and its one connection keeps its foreign-key checks planned for the process's
 * life: planned while a table was never analyzed and (nearly) empty, a check takes any index that starts with
 * tenant_id and filters the id, walking the tenant's whole table for every row it checks (a week of check tasks
 * for 50,000 plans did not finish). An analyze has them planned again on the table as it is.
 */
export async function analyzeChanged(db: Queryable): Promise<string[]> {
  // This connection's own counts wait up to a second before they are visible (PostgreSQL 15 and later).
  await db.query('select pg_stat_force_next_flush()').catch(() => undefined);
  const r = await db.query<{ relname: string }>(
    `select s.relname from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema() and s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
      order by s.relname`,
  );
  const tables = r.rows.map((x) => x.relname).filter((t) => PLAIN_NAME.test(t));
  for (const table of tables) await db.query(`analyze "${table}"`);
  return tables;
}
