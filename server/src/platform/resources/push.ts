import type { TenantTx } from '../tenancy/tenant-tx.js';
import type { EntityDef } from './types.js';

/**
 * The realtime channel of this database schema (the one Realtime listens on), computed in SQL so a push can be
 * sent from inside a transaction: NOTIFY is delivered only when the transaction commits, and never when it
 * rolls back.
 */
const CHANNEL = `substr('eam_realtime' || case when current_schema() = 'public' then '' else '_' || current_schema() end, 1, 63)`;

/** Tells the tenant's open tabs that a record of a live entity changed (boards and lists refresh). */
export async function pushRecord(tx: TenantTx, def: EntityDef, id: unknown, change: string): Promise<void> {
  if (!def.live) return;
  const message = { type: 'record', entity: def.name, id: Number(id), change };
  await tx.query(`select pg_notify(${CHANNEL}, $1)`, [JSON.stringify({ tenantId: tx.tenantId, message })]);
}

/** Sends a message to users' open tabs when the transaction commits. */
export async function pushToUsers(tx: TenantTx, userIds: readonly number[], message: object): Promise<void> {
  if (userIds.length === 0) return;
  await tx.query(
    `select pg_notify(${CHANNEL}, json_build_object('userId', u, 'message', $2::jsonb)::text) from unnest($1::bigint[]) u`,
    [userIds, JSON.stringify(message)],
  );
}

/** Sends a message to every open tab of the tenant's users when the transaction commits (a machine's new values). */
export async function pushToTenant(tx: TenantTx, message: object): Promise<void> {
  await tx.query(`select pg_notify(${CHANNEL}, $1)`, [JSON.stringify({ tenantId: tx.tenantId, message })]);
}
