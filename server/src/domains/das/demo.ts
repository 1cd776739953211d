import type { Database } from '../../db/index.js';
import { readContext } from '../../platform/resources/read.js';
import { createRow } from '../../platform/resources/write.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { alarmRuleEntity } from './alarm-resources.js';
import { newClientId } from './gateway-secret.js';
import { MachineSim, random, SIM_TAGS } from './machine-sim.js';
import type { RunState } from './payload.js';
import { deviceEntity, gatewayEntity, tagEntity } from './resources.js';

/** Demo gateways are named so; the live demo (demo-live.ts) finds them by it. */
export const DEMO_GATEWAY_PREFIX = 'DEMO-GW';
const MACHINES = 6;
const DAYS = 3;
const STEP_S = 60;
const DAY_MS = 86_400_000;
const RUN_CODES: RunState[] = ['stopped', 'running', 'idle', 'fault'];

async function insertPoints(tx: TenantTx, tag: number[], ms: number[], v: number[]): Promise<void> {
  await tx.query(
    `insert into das_history (tenant_id, tag_id, ts, v)
     select $1, x.tag_id, to_timestamp(x.ms / 1000.0), x.v from unnest($2::bigint[], $3::float8[], $4::float8[]) as x(tag_id, ms, v)
     on conflict do nothing`,
    [tx.tenantId, tag, ms, v],
  );
}

/**
 * The demo factory's connected machines: two gateways, six machines of the ledger with their tags and alarm
 * rules (one of which opens repair orders), and three days of minute-by-minute history with the run states it
 * makes. Records through the record service; the history as the writer writes it.
 */
export async function fillDasDemo(db: Database, tenantId: number, history: boolean): Promise<void> {
  if (!history) return;
  await withTenant(db, tenantId, null, async (tx) => {
    const machines = await tx.query<{ id: number; code: string; name: string; workshop_id: number | null }>(
      'select id, code, name, workshop_id from equipment where tenant_id = $1 and deleted_at is null order by code limit $2',
      [tenantId, MACHINES],
    );
    if (machines.rows.length === 0) return;
    const gctx = await readContext(tx, gatewayEntity, 'zh');
    const dctx = await readContext(tx, deviceEntity, 'zh');
    const tctx = await readContext(tx, tagEntity, 'zh');
    const rctx = await readContext(tx, alarmRuleEntity, 'zh');
    const gateways = [];
    for (const n of [1, 2])
      gateways.push(
        await createRow(
          tx,
          gctx,
          {
            code: `${DEMO_GATEWAY_PREFIX}${n}`,
            name: `车间网关 ${n}`,
            workshopId: machines.rows[0]!.workshop_id,
            protocol: 'mqtt',
            clientId: newClientId(tenantId),
          },
          { system: true },
        ),
      );
    const end = Math.floor(Date.now() / 60_000) * 60_000;
    const start = end - DAYS * DAY_MS;
    for (let day = Math.floor(start / DAY_MS); day <= Math.floor(end / DAY_MS); day++)
      await tx.query('select das_history_partition($1::date)', [new Date(day * DAY_MS).toISOString().slice(0, 10)]);
    for (const [i, m] of machines.rows.entries()) {
      const device = await createRow(tx, dctx, {
        code: `M-${m.code}`,
        name: m.name,
        gatewayId: gateways[i % 2]!.id,
        equipmentId: m.id,
      });
      const tags: Record<string, number> = {};
      for (const t of SIM_TAGS) tags[t.key] = Number((await createRow(tx, tctx, { ...t, deviceId: device.id })).id);
      await createRow(tx, rctx, {
        code: `AR-${m.code}-T`,
        name: '主轴温度过高',
        deviceId: device.id,
        tagId: tags.temp,
        kind: 'above',
        threshold: 70,
        deadBand: 3,
        forSeconds: 60,
        severity: i === 0 ? 'critical' : 'warning',
        openRepair: i === 0,
      });
      await createRow(tx, rctx, {
        code: `AR-${m.code}-OFF`,
        name: '设备离线',
        deviceId: device.id,
        kind: 'offline',
        offlineMinutes: 10,
        severity: 'warning',
      });
      const sim = new MachineSim(random(9_000 + i * 97));
      // A machine's energy meter has counted for years before the history starts (the demo's energy meters that
      // read it carry on from its register, energy/demo.ts).
      sim.energy = 80_000 + i * 12_345;
      const cols = { tag: [] as number[], ms: [] as number[], v: [] as number[] };
      const states: { ts: number; state: RunState }[] = [];
      let values: Record<string, number> = {};
      for (let ts = start; ts <= end; ts += STEP_S * 1000) {
        values = sim.step(ts, STEP_S);
        const state = RUN_CODES[values.run!]!;
        if (states.at(-1)?.state !== state) states.push({ ts, state });
        for (const [key, v] of Object.entries(values)) {
          cols.tag.push(tags[key]!);
          cols.ms.push(ts);
          cols.v.push(v);
        }
        if (cols.tag.length >= 20_000) {
          await insertPoints(tx, cols.tag, cols.ms, cols.v);
          cols.tag = [];
          cols.ms = [];
          cols.v = [];
        }
      }
      if (cols.tag.length) await insertPoints(tx, cols.tag, cols.ms, cols.v);
      await tx.query(
        `insert into das_latest (tenant_id, tag_id, ts, v)
         select $1, x.tag_id, to_timestamp($4 / 1000.0), x.v from unnest($2::bigint[], $3::float8[]) as x(tag_id, v)`,
        [tenantId, Object.keys(values).map((k) => tags[k]!), Object.values(values), end],
      );
      await tx.query(
        `insert into das_states (tenant_id, device_id, started_at, ended_at, state)
         select $1, $2, to_timestamp(x.f / 1000.0), case when x.t is null then null else to_timestamp(x.t / 1000.0) end, x.s
           from unnest($3::float8[], $4::float8[], $5::text[]) as x(f, t, s)`,
        [
          tenantId,
          device.id,
          states.map((s) => s.ts),
          states.map((_s, j) => states[j + 1]?.ts ?? null),
          states.map((s) => s.state),
        ],
      );
    }
  });
}
