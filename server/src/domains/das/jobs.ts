import type { FastifyInstance } from 'fastify';
import { anonymousTenant } from '../../platform/system/anonymous.js';
import { runStateOf, type TagInfo } from './payload.js';
import { applyStates } from './states.js';

/**
 * A machine not heard from for its device's offline minutes goes offline (from the time its last value came
 * plus those minutes); one heard from again leaves it for the state its run-state tag says, or ends the offline
 * interval when it has none. Every 30 s per tenant, 500 machines a round.
 */
export function scheduleOffline(app: FastifyInstance): void {
  app.jobs.everyTenant('das.offline', 30, async (tx) => {
    const r = await tx.query<{
      id: number;
      heard: Date | null;
      offline_minutes: number;
      open_state: string | null;
      open_at: Date | null;
      run_v: number | null;
      run_ts: Date | null;
      run_above: string | null;
    }>(
      `select d.id, (select max(l.ts) from das_latest l join das_tags t on t.tenant_id = l.tenant_id and t.id = l.tag_id
                      where t.tenant_id = d.tenant_id and t.device_id = d.id) as heard,
              d.offline_minutes, s.state as open_state, s.started_at as open_at,
              rl.v as run_v, rl.ts as run_ts, rt.run_above
         from das_devices d
         left join das_states s on s.tenant_id = d.tenant_id and s.device_id = d.id and s.ended_at is null
         left join das_tags rt on rt.tenant_id = d.tenant_id and rt.device_id = d.id and rt.role = 'runState'
         left join das_latest rl on rl.tenant_id = rt.tenant_id and rl.tag_id = rt.id
        where d.tenant_id = $1 and d.deleted_at is null and d.enabled
        order by d.id limit 500`,
      [tx.tenantId],
    );
    const now = Date.now();
    for (const d of r.rows) {
      const heard = d.heard ? new Date(d.heard).getTime() : null;
      const limit = Number(d.offline_minutes ?? 5) * 60_000;
      const silent = heard === null || now - heard > limit;
      if (silent && d.open_state !== 'offline' && (heard !== null || d.open_state !== null)) {
        await applyStates(tx, Number(d.id), [{ ts: heard === null ? now : heard + limit, state: 'offline' }]);
      } else if (!silent && d.open_state === 'offline') {
        const tag: TagInfo = {
          id: 0,
          type: 'number',
          scale: 1,
          offset: 0,
          role: 'runState',
          runAbove: d.run_above === null ? null : Number(d.run_above),
        };
        const state = d.run_v === null ? null : runStateOf(tag, Number(d.run_v));
        const openAt = new Date(d.open_at!).getTime();
        if (state) await applyStates(tx, Number(d.id), [{ ts: Math.max(heard!, openAt + 1), state }]);
        else
          await tx.query(
            'update das_states set ended_at = $3 where tenant_id = $1 and device_id = $2 and ended_at is null',
            [tx.tenantId, d.id, new Date(Math.max(heard!, openAt + 1)).toISOString()],
          );
      }
    }
    return false;
  });
}

/** Drops the day partitions of machine history older than DAS_RETENTION_DAYS (0 keeps all); how many went. */
export async function dropOldHistory(app: FastifyInstance, now = new Date()): Promise<number> {
  const days = app.config.dasRetentionDays;
  if (days <= 0) return 0;
  const before = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  // A platform operation on the partitions of every tenant, by the migrations' owner (das_history_drop_before).
  const r = await anonymousTenant(app, 0, (tx) =>
    tx.query<{ n: number }>('select das_history_drop_before($1::date) as n', [before]),
  );
  return Number(r.rows[0]?.n ?? 0);
}

export function scheduleRetention(app: FastifyInstance): void {
  app.jobs.every('das.retention', 3600, async () => {
    await dropOldHistory(app);
  });
}
