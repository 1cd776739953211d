import type { Database } from '../../db/index.js';
import { tenantTimeZone, todayIn } from '../../platform/reports/filters.js';
import { readContext } from '../../platform/resources/read.js';
import type { EntityDef, WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { DEMO_GATEWAY_PREFIX } from '../das/demo.js';
import { rebuildDays } from './days.js';
import { meterEntity, targetEntity, tariffEntity } from './resources.js';

/** A demo meter: code, name, type, multiplier, its parent's code, where it is, its own use per hour at full work. */
interface DemoMeter {
  code: string;
  name: string;
  energyType: string;
  multiplier: string;
  parent?: string;
  workshop?: number;
  machine?: boolean;
  /** A machine sub-meter on a connected demo machine: the machine and its energy-meter tag (das demo). */
  fed?: FedMachine;
  /** What the meter itself measures beyond its sub-meters, per working hour (unmetered use and losses for a main meter). */
  perHour: number;
}

const TARIFFS: { code: string; name: string; energyType: string; periods: WireRow[] }[] = [
  {
    code: 'TOU-E',
    name: '工业用电分时电价',
    energyType: 'electricity',
    periods: [
      { kind: 'valley', start: '00:00', end: '08:00', price: '0.3200' },
      { kind: 'flat', start: '08:00', end: '10:00', price: '0.6500' },
      { kind: 'peak', start: '10:00', end: '15:00', price: '1.0200' },
      { kind: 'sharp', start: '15:00', end: '17:00', price: '1.2800' },
      { kind: 'peak', start: '17:00', end: '22:00', price: '1.0200' },
      { kind: 'flat', start: '22:00', end: '24:00', price: '0.6500' },
    ],
  },
  ...(
    [
      ['TOU-W', '工业用水', 'water', '4.5000'],
      ['TOU-G', '工业天然气', 'gas', '3.8000'],
      ['TOU-S', '蒸汽', 'steam', '220.0000'],
      ['TOU-A', '压缩空气', 'compressedAir', '0.1500'],
    ] as const
  ).map(([code, name, energyType, price]) => ({
    code,
    name,
    energyType,
    periods: [{ kind: 'flat', start: '00:00', end: '24:00', price }],
  })),
];

/** A connected demo machine (das/demo.ts) and its energy-meter tag: its sub-meter reads that tag. */
interface FedMachine {
  equipmentId: number;
  name: string;
  workshopId: number | null;
  tagId: number;
  /** The tag's first point (its history starts there) and its value then. */
  firstAt: Date;
  firstValue: number;
}

/** What a fed sub-meter uses per working hour (about what a simulated machine's motor draws, das/machine-sim.ts). */
const FED_PER_HOUR = 6;

const create = async (tx: TenantTx, def: EntityDef, body: WireRow) =>
  createRow(tx, await readContext(tx, def, 'zh'), body);

/**
 * The meters of the demo factory over its workshops (the first three) and two machines: two connected demo
 * machines, whose sub-meters read their energy tags, or without them two machines of the first workshop.
 */
function demoMeters(workshops: number[], fed: FedMachine[]): DemoMeter[] {
  const [w1, w2, w3] = workshops;
  const meters: DemoMeter[] = [
    { code: 'E-000', name: '工厂总进线', energyType: 'electricity', multiplier: '200', perHour: 40 },
    { code: 'E-AIR', name: '空压站', energyType: 'electricity', multiplier: '20', parent: 'E-000', perHour: 90 },
  ];
  for (const [i, w] of [w1, w2, w3].entries()) {
    if (!w) continue;
    meters.push({
      code: `E-W${i + 1}`,
      name: `${i + 1}号车间总表`,
      energyType: 'electricity',
      multiplier: '40',
      parent: 'E-000',
      workshop: w,
      perHour: [260, 180, 120][i]!,
    });
  }
  if (fed.length) {
    // The machine sub-meters read the connected machines' energy tags, under their workshop's meter where it has one.
    for (const [i, f] of fed.entries()) {
      const shop = workshops.indexOf(f.workshopId ?? -1);
      meters.push({
        code: `E-M${i + 1}`,
        name: `${f.name}电表`,
        energyType: 'electricity',
        multiplier: '1',
        parent: shop >= 0 && shop < 3 ? `E-W${shop + 1}` : 'E-000',
        ...(f.workshopId ? { workshop: f.workshopId } : {}),
        machine: true,
        fed: f,
        perHour: FED_PER_HOUR,
      });
    }
  } else if (w1) {
    meters.push(
      {
        code: 'E-M1',
        name: '注塑机分表',
        energyType: 'electricity',
        multiplier: '1',
        parent: 'E-W1',
        workshop: w1,
        machine: true,
        perHour: 75,
      },
      {
        code: 'E-M2',
        name: '加工中心分表',
        energyType: 'electricity',
        multiplier: '1',
        parent: 'E-W1',
        workshop: w1,
        machine: true,
        perHour: 42,
      },
    );
  }
  meters.push(
    { code: 'W-000', name: '工厂总水表', energyType: 'water', multiplier: '1', perHour: 2.5 },
    ...(w1
      ? [
          {
            code: 'W-W1',
            name: '1号车间水表',
            energyType: 'water',
            multiplier: '1',
            parent: 'W-000',
            workshop: w1,
            perHour: 3.2,
          },
        ]
      : []),
    { code: 'G-000', name: '锅炉天然气表', energyType: 'gas', multiplier: '1', perHour: 28 },
    { code: 'S-000', name: '蒸汽总表', energyType: 'steam', multiplier: '1', perHour: 0.35 },
    { code: 'A-000', name: '压缩空气总管', energyType: 'compressedAir', multiplier: '1', perHour: 520 },
  );
  return meters;
}

/**
 * A year of hourly readings of every demo meter in one statement: each meter's own use per hour follows the
 * working day (08:00–20:00 busy, nights and weekends quiet) with a steady scatter, a main meter counts its own
 * use and all its sub-meters' below it, and the register shows the running total divided by the multiplier. In
 * place of the automatic meters a factory reads this way (source machine).
 */
async function fillReadings(
  tx: TenantTx,
  meters: { id: number; parentId: number | null; perHour: number; multiplier: number; fed?: FedMachine }[],
) {
  const timeZone = await tenantTimeZone(tx);
  const parentOf = new Map(meters.map((m) => [m.id, m.parentId]));
  // Every meter with each of its ancestors (and itself): an ancestor's consumption holds its descendants'.
  const pairs: { a: number; d: number }[] = [];
  for (const m of meters) {
    for (let a: number | null = m.id, depth = 0; a !== null && depth < 10; a = parentOf.get(a) ?? null, depth++)
      pairs.push({ a, d: m.id });
  }
  // A fed meter's readings stop where its tag's history starts, ending on the tag's value then: the machine
  // readings (machine.ts) go on from there without a jump.
  const hour = 3_600_000;
  const rows = meters.map((m) => ({
    id: m.id,
    per_hour: m.perHour,
    multiplier: m.multiplier,
    until: m.fed ? new Date(Math.floor(m.fed.firstAt.getTime() / hour) * hour).toISOString() : null,
    last: m.fed ? m.fed.firstValue : null,
  }));
  await tx.query(
    `with h as (select ts from generate_series(date_trunc('hour', now()) - interval '365 days', date_trunc('hour', now()) - interval '1 hour', interval '1 hour') ts),
     own as (select o.id, h.ts,
                    o.per_hour
                    * (case when extract(isodow from h.ts at time zone $4) >= 6 then 0.45 else 1 end)
                    * (case when extract(hour from h.ts at time zone $4) between 8 and 19 then 1.0 else 0.4 end)
                    * (0.85 + (abs(hashtext(o.id::text || h.ts::text)) % 300) / 1000.0) as q
               from jsonb_to_recordset($2::jsonb) o(id bigint, per_hour numeric) cross join h),
     tot as (select p.a as id, own.ts, sum(own.q) as q
               from own join jsonb_to_recordset($3::jsonb) p(a bigint, d bigint) on p.d = own.id group by 1, 2),
     cut as (select tot.id, tot.ts, tot.q, m.multiplier, m.last
               from tot join jsonb_to_recordset($2::jsonb) m(id bigint, multiplier numeric, until timestamptz, last numeric)
                 on m.id = tot.id
              where m.until is null or tot.ts <= m.until)
     insert into energy_readings (tenant_id, meter_id, read_at, value, kind, source, created_by, updated_by)
     select $1, id, ts,
            round(case when last is null then 1000 + sum(q) over w / multiplier
                       else last - (sum(q) over (partition by id) - sum(q) over w) / multiplier end, 4),
            'normal', 'machine', $5, $5
       from cut window w as (partition by id order by ts)`,
    [tx.tenantId, JSON.stringify(rows), JSON.stringify(pairs), timeZone, tx.userId],
  );
  // Since then a fed meter's hourly readings are its tag's values (what the machine job, machine.ts, would have read
  // at each hour); the job goes on from the last of them in quarter-hours.
  const fed = rows.filter((r) => r.until !== null);
  const tags = meters.filter((m) => m.fed).map((m) => m.fed!.tagId);
  if (!fed.length) return;
  await tx.query(
    `insert into energy_readings (tenant_id, meter_id, read_at, value, kind, source, created_by, updated_by)
     select $1, f.id, h.ts, round(x.v::numeric, 4), 'normal', 'machine', $4, $4
       from unnest($2::bigint[], $3::bigint[], $5::timestamptz[]) as f(id, tag_id, since)
      cross join lateral generate_series(f.since + interval '1 hour', date_trunc('hour', now()) - interval '1 hour',
                                         interval '1 hour') h(ts)
      cross join lateral (select v from das_history d where d.tenant_id = $1 and d.tag_id = f.tag_id and d.ts <= h.ts
                           order by d.ts desc limit 1) x`,
    [tx.tenantId, fed.map((r) => r.id), tags, tx.userId, fed.map((r) => r.until)],
  );
}

/** The connected demo machines (das/demo.ts, made before) with an energy tag that has history: the first two. */
async function fedMachines(tx: TenantTx): Promise<FedMachine[]> {
  const r = await tx.query<{
    equipment_id: number;
    name: string;
    workshop_id: number | null;
    tag_id: number;
    first_at: Date | null;
    first_value: number | null;
  }>(
    `select d.equipment_id, e.name, e.workshop_id, t.id as tag_id, f.ts as first_at, f.v as first_value
       from das_tags t
       join das_devices d on d.tenant_id = t.tenant_id and d.id = t.device_id and d.deleted_at is null
       join das_gateways g on g.tenant_id = d.tenant_id and g.id = d.gateway_id and g.deleted_at is null
       join equipment e on e.tenant_id = d.tenant_id and e.id = d.equipment_id
       left join lateral (select ts, v from das_history h where h.tenant_id = t.tenant_id and h.tag_id = t.id
                           order by ts limit 1) f on true
      where t.tenant_id = $1 and t.role = 'energy' and g.code like $2 and f.ts is not null
      order by d.code limit 2`,
    [tx.tenantId, `${DEMO_GATEWAY_PREFIX}%`],
  );
  return r.rows.map((x) => ({
    equipmentId: Number(x.equipment_id),
    name: x.name,
    workshopId: x.workshop_id === null ? null : Number(x.workshop_id),
    tagId: Number(x.tag_id),
    firstAt: new Date(x.first_at!),
    firstValue: Number(x.first_value),
  }));
}

/**
 * The demo factory's energy: a dozen meters (the plant's main incomer with the workshops' and two machines' sub-meters,
 * water, gas, steam, compressed air; the machine sub-meters read the energy tags of two connected demo machines
 * when the factory has them, so the live machines keep feeding readings), a time-of-use tariff per type valid since a year ago, this month's targets of
 * the workshops (the first set tight, so its responsible person hears when it is passed), and with history on a
 * year of hourly readings.
 */
export async function fillEnergyDemo(db: Database, tenantId: number, history: boolean): Promise<void> {
  const admin = await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [
    tenantId,
  ]);
  const adminId = Number(admin.rows[0]?.id);
  if (!adminId) return;
  await withTenant(db, tenantId, adminId, async (tx) => {
    const has = await tx.query('select 1 from energy_meters where tenant_id = $1 limit 1', [tenantId]);
    if (has.rows.length) return;
    const shops = (
      await tx.query<{ id: number }>(
        'select id from workshops where tenant_id = $1 and deleted_at is null order by sort, id limit 3',
        [tenantId],
      )
    ).rows.map((r) => Number(r.id));
    const fed = await fedMachines(tx);
    const machines =
      shops[0] && !fed.length
        ? (
            await tx.query<{ id: number }>(
              'select id from equipment where tenant_id = $1 and workshop_id = $2 and deleted_at is null order by code limit 2',
              [tenantId, shops[0]],
            )
          ).rows.map((r) => Number(r.id))
        : [];
    const ids = new Map<string, number>();
    const made: { id: number; parentId: number | null; perHour: number; multiplier: number; fed?: FedMachine }[] = [];
    let machine = 0;
    for (const m of demoMeters(shops, fed)) {
      const equipmentId = m.fed?.equipmentId ?? (m.machine ? machines[machine++] : undefined);
      const row = await create(tx, meterEntity, {
        code: m.code,
        name: m.name,
        energyType: m.energyType,
        multiplier: m.multiplier,
        parentId: m.parent ? ids.get(m.parent) : null,
        workshopId: m.workshop ?? null,
        ...(equipmentId ? { equipmentId } : {}),
        ...(m.fed ? { tagId: m.fed.tagId } : {}),
      });
      ids.set(m.code, Number(row.id));
      made.push({
        id: Number(row.id),
        parentId: m.parent ? (ids.get(m.parent) ?? null) : null,
        perHour: m.perHour,
        multiplier: Number(m.multiplier),
        ...(m.fed ? { fed: m.fed } : {}),
      });
    }
    const today = todayIn(await tenantTimeZone(tx));
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 8)}01`;
    for (const tariff of TARIFFS) await create(tx, tariffEntity, { ...tariff, validFrom: yearAgo });
    // About a month of each workshop's electricity at its usual pace; the first workshop's target is set tight.
    for (const [i, w] of shops.entries()) {
      const usual = [260 + 75 + 42, 180, 120][i]! * 24 * 30 * 0.55;
      await create(tx, targetEntity, {
        month: today.slice(0, 7),
        energyType: 'electricity',
        workshopId: w,
        target: (usual * (i === 0 ? 0.2 : 1.1)).toFixed(2),
        responsibleId: adminId,
      });
    }
    if (history) {
      await fillReadings(tx, made);
      await rebuildDays(tx);
    }
  });
}
