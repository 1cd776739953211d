import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { tenantOfClientId } from './gateway-secret.js';
import type { TagInfo, TagType } from './payload.js';

export interface DeviceInfo {
  id: number;
  code: string;
  tags: Map<string, TagInfo>;
  /** The run-state tag, when the device has one. */
  runTag: TagInfo | null;
}
export interface GatewayInfo {
  tenantId: number;
  id: number;
  clientId: string;
  protocol: string;
  secretHash: string | null;
  devices: Map<string, DeviceInfo>;
}

export type OpenTenant = <T>(tenantId: number, fn: (tx: TenantTx) => Promise<T>) => Promise<T>;

/** How long what a gateway is made of is kept before it is read again (a tag added shows within this). */
export const DIRECTORY_TTL_MS = 5_000;

/** Reads a gateway with its enabled devices and their tags, in the tenant its client id names. */
export async function loadGateway(tx: TenantTx, clientId: string): Promise<GatewayInfo | null> {
  const g = await tx.query<{ id: number; protocol: string; secret_hash: string | null }>(
    'select id, protocol, secret_hash from das_gateways where tenant_id = $1 and client_id = $2 and deleted_at is null',
    [tx.tenantId, clientId],
  );
  const row = g.rows[0];
  if (!row) return null;
  const tags = await tx.query<{
    device_id: number;
    code: string;
    tag_id: number | null;
    key: string | null;
    data_type: TagType;
    scale: string | null;
    offset: string | null;
    role: string;
    run_above: string | null;
  }>(
    `select d.id as device_id, d.code, t.id as tag_id, t.key, t.data_type, t.scale, t."offset", t.role, t.run_above
       from das_devices d left join das_tags t on t.tenant_id = d.tenant_id and t.device_id = d.id
      where d.tenant_id = $1 and d.gateway_id = $2 and d.deleted_at is null and d.enabled`,
    [tx.tenantId, row.id],
  );
  const devices = new Map<string, DeviceInfo>();
  for (const t of tags.rows) {
    let d = devices.get(t.code);
    if (!d) {
      d = { id: Number(t.device_id), code: t.code, tags: new Map(), runTag: null };
      devices.set(t.code, d);
    }
    if (t.tag_id === null || t.key === null) continue;
    const info: TagInfo = {
      id: Number(t.tag_id),
      type: t.data_type,
      scale: t.scale === null ? 1 : Number(t.scale),
      offset: t.offset === null ? 0 : Number(t.offset),
      role: t.role,
      runAbove: t.run_above === null ? null : Number(t.run_above),
    };
    d.tags.set(t.key, info);
    if (t.role === 'runState') d.runTag = info;
  }
  return {
    tenantId: tx.tenantId,
    id: Number(row.id),
    clientId,
    protocol: row.protocol,
    secretHash: row.secret_hash,
    devices,
  };
}

/** Gateways by client id, read again after DIRECTORY_TTL_MS; unknown ids are remembered as unknown as long. */
export class Directory {
  private readonly kept = new Map<string, { at: number; info: Promise<GatewayInfo | null> }>();
  constructor(private readonly open: OpenTenant) {}

  get(clientId: string): Promise<GatewayInfo | null> {
    const tenantId = tenantOfClientId(clientId);
    if (tenantId === null) return Promise.resolve(null);
    const now = Date.now();
    const hit = this.kept.get(clientId);
    if (hit && now - hit.at < DIRECTORY_TTL_MS) return hit.info;
    const info = this.open(tenantId, (tx) => loadGateway(tx, clientId)).catch(() => {
      // The database is away: nothing is remembered, the next message asks again.
      this.kept.delete(clientId);
      return null;
    });
    this.kept.set(clientId, { at: now, info });
    if (this.kept.size > 100_000) this.kept.delete(this.kept.keys().next().value!);
    return info;
  }

  forget(clientId?: string): void {
    if (clientId) this.kept.delete(clientId);
    else this.kept.clear();
  }
}
