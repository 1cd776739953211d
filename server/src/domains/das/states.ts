import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { RunState } from './payload.js';

export interface StateChange {
  ts: number;
  state: RunState;
}

/**
 * Moves a machine's state intervals along: each change of state (in time order) ends the open interval and
 * starts the next; a repeat of the state it is in, or a change older than the open interval's start, does
 * nothing. The open interval is locked, so two writers of one machine take turns.
 */
export async function applyStates(tx: TenantTx, deviceId: number, changes: readonly StateChange[]): Promise<number> {
  if (changes.length === 0) return 0;
  const r = await tx.query<{ started_at: Date; state: string }>(
    `select started_at, state from das_states where tenant_id = $1 and device_id = $2 and ended_at is null
      order by started_at desc limit 1 for update`,
    [tx.tenantId, deviceId],
  );
  let open = r.rows[0] ? { at: new Date(r.rows[0].started_at).getTime(), state: r.rows[0].state } : null;
  let moved = 0;
  for (const c of [...changes].sort((a, b) => a.ts - b.ts)) {
    if (open && (open.state === c.state || c.ts <= open.at)) continue;
    const at = new Date(c.ts).toISOString();
    if (open)
      await tx.query(
        'update das_states set ended_at = $3 where tenant_id = $1 and device_id = $2 and started_at = $4',
        [tx.tenantId, deviceId, at, new Date(open.at).toISOString()],
      );
    await tx.query(
      `insert into das_states (tenant_id, device_id, started_at, state) values ($1, $2, $3, $4)
       on conflict do nothing`,
      [tx.tenantId, deviceId, at, c.state],
    );
    open = { at: c.ts, state: c.state };
    moved++;
  }
  return moved;
}

export interface StateInterval {
  state: string;
  from: string;
  to: string;
}

/** A machine's state intervals overlapping a period, cut to it (the timeline bar). */
export async function stateIntervals(tx: TenantTx, deviceId: number, from: Date, to: Date): Promise<StateInterval[]> {
  const r = await tx.query<{ state: string; f: Date; t: Date }>(
    `select state, greatest(started_at, $3::timestamptz) as f, least(coalesce(ended_at, now()), $4::timestamptz) as t
       from das_states
      where tenant_id = $1 and device_id = $2 and started_at < $4 and coalesce(ended_at, 'infinity') > $3
      order by started_at limit 5000`,
    [tx.tenantId, deviceId, from.toISOString(), to.toISOString()],
  );
  return r.rows
    .filter((x) => new Date(x.t) > new Date(x.f))
    .map((x) => ({ state: x.state, from: new Date(x.f).toISOString(), to: new Date(x.t).toISOString() }));
}
