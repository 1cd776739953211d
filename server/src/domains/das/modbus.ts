import type { FastifyInstance } from 'fastify';
import Modbus from 'modbus-serial';
import type { ModbusRTU } from 'modbus-serial/ModbusRTU.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { type GatewayInfo, loadGateway } from './directory.js';
import { upTopic } from './ingest.js';

/** The package's client class (its default export at run time; its types name the module instead). */
const ModbusClient = Modbus as unknown as new () => ModbusRTU;

interface Point {
  gateway_id: number;
  client_id: string;
  address: string;
  unit_id: number | null;
  poll_seconds: number | null;
  device: string;
  key: string;
  register: number;
  register_kind: string | null;
}

/** Host and port of `host:port` (port 502 when left out; IPv6 in brackets). */
export function hostPort(address: string): { host: string; port: number } | null {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(address.trim());
  if (!m) return null;
  const port = m[2] ? Number(m[2]) : 502;
  return port > 0 && port < 65536 ? { host: m[1]!.replace(/^\[|\]$/g, ''), port } : null;
}

const lastPoll = new Map<string, number>();

export interface ModbusTarget {
  gateway: GatewayInfo;
  host: string;
  port: number;
  unitId: number;
  points: { device: string; key: string; register: number; input: boolean }[];
}

/**
 * The Modbus gateways of a tenant due now (their poll interval passed), each with the registers to read: one
 * holding or input register per tag of its devices. Read in the tenant's transaction; the reading itself happens
 * after it (pollTargets), so no transaction waits on a slow device.
 */
export async function modbusTargets(tx: TenantTx, now = Date.now()): Promise<ModbusTarget[]> {
  const r = await tx.query<Point>(
    `select g.id as gateway_id, g.client_id, g.address, g.unit_id, g.poll_seconds, d.code as device, t.key, t.register,
            t.register_kind
       from das_gateways g
       join das_devices d on d.tenant_id = g.tenant_id and d.gateway_id = g.id and d.deleted_at is null and d.enabled
       join das_tags t on t.tenant_id = d.tenant_id and t.device_id = d.id and t.register is not null
      where g.tenant_id = $1 and g.deleted_at is null and g.protocol = 'modbus' and g.address is not null
      order by g.id, d.code, t.key limit 5000`,
    [tx.tenantId],
  );
  const byGateway = new Map<number, Point[]>();
  for (const p of r.rows) byGateway.set(Number(p.gateway_id), [...(byGateway.get(Number(p.gateway_id)) ?? []), p]);
  const targets: ModbusTarget[] = [];
  for (const points of byGateway.values()) {
    const first = points[0]!;
    const key = `${tx.tenantId}:${first.gateway_id}`;
    if (now - (lastPoll.get(key) ?? 0) < Number(first.poll_seconds ?? 5) * 1000 - 500) continue;
    const at = hostPort(first.address);
    const gateway = at ? await loadGateway(tx, first.client_id) : null;
    if (!at || !gateway) continue;
    lastPoll.set(key, now);
    targets.push({
      gateway,
      ...at,
      unitId: Number(first.unit_id ?? 1),
      points: points.map((p) => ({
        device: p.device,
        key: p.key,
        register: p.register,
        input: p.register_kind === 'input',
      })),
    });
  }
  return targets;
}

/**
 * Reads the targets' registers and hands what they read to the ingest pipeline as each gateway's message of each
 * device, like any other (scale, offset, run states, rejected counts). A gateway that does not answer within two
 * seconds is skipped this round. Returns how many registers were read.
 */
export async function pollTargets(app: FastifyInstance, targets: readonly ModbusTarget[]): Promise<number> {
  let read = 0;
  for (const target of targets) {
    const client = new ModbusClient();
    try {
      await client.connectTCP(target.host, { port: target.port });
      client.setTimeout(2000);
      client.setID(target.unitId);
      const devices = new Map<string, Record<string, number>>();
      for (const p of target.points) {
        const res = p.input
          ? await client.readInputRegisters(p.register, 1)
          : await client.readHoldingRegisters(p.register, 1);
        const values = devices.get(p.device) ?? {};
        values[p.key] = res.data[0]!;
        devices.set(p.device, values);
        read++;
      }
      const ts = Date.now();
      const id = target.gateway.clientId;
      for (const [device, values] of devices)
        await app.das.ingest.handle(id, upTopic(id, device), JSON.stringify({ ts, values }), target.gateway);
    } catch (err) {
      app.log.warn({ err, gateway: target.gateway.clientId }, 'Modbus gateway did not answer');
    } finally {
      await new Promise<void>((resolve) => client.close(() => resolve()));
    }
  }
  return read;
}

/** Polls the Modbus gateways every 5 s (each at its own interval), on one server at a time (the jobs table). */
export function scheduleModbus(app: FastifyInstance): void {
  app.jobs.everyTenant('das.modbus', 5, async (tx) => {
    const targets = await modbusTargets(tx);
    if (targets.length) void pollTargets(app, targets);
    return false;
  });
}
