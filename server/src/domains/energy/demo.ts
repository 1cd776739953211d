import type { Database } from '../../db/index.js';
import { tenantTimeZone, todayIn } from '../../platform/reports/filters.js';
import { readContext } from '../../platform/resources/read.js';
import type { EntityDef, WireRow } from '../../platform/resources/types.js';
import { createRow } from '../../platform/resources/write.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
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

const create = async (tx: TenantTx, def: EntityDef, body: WireRow) =>
  createRow(tx, await readContext(tx, def, 'zh'), body);

/** The meters of the demo factory over its workshops (the first three) and two machines of the first. */
function demoMeters(workshops: number[]): DemoMeter[] {
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
  if (w1) {
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
  meters: { id: number; parentId: number | null; perHour: number; multiplier: number }[],
) {
  const timeZone = await tenantTimeZone(tx);
  const parentOf = new Map(meters.map((m) => [m.id, m.parentId]));
  // Every meter with each of its ancestors (and itself): an ancestor's consumption holds its descendants'.
  const pairs: { a: number; d: number }[] = [];
  for (const m of meters) {
    for (let a: number | null = m.id, depth = 0; a !== null && depth < 10; a = parentOf.get(a) ?? null, depth++)
      pairs.push({ a, d: m.id });
  }
  await tx.query(
    `with h as (select ts from generate_series(date_trunc('hour', now()) - interval '365 days', date_trunc('hour', now()) - interval '1 hour', interval '1 hour') ts),
     own as (select o.id, h.ts,
                    o.per_hour
                    * (case when extract(isodow from h.ts at time zone $4) >= 6 then 0.45 else 1 end)
                    * (case when extract(hour from h.ts at time zone $4) between 8 and 19 then 1.0 else 0.4 end)
                    * (0.85 + (abs(hashtext(o.id::text || h.ts::text)) % 300) / 1000.0) as q
               from jsonb_to_recordset($2::jsonb) o(id bigint, per_hour numeric) cross join h),
     tot as (select p.a as id, own.ts, sum(own.q) as q
               from own join jsonb_to_recordset($3::jsonb) p(a bigint, d bigint) on p.d = own.id group by 1, 2)
     insert into energy_readings (tenant_id, meter_id, read_at, value, kind, source, created_by, updated_by)
     select $1, tot.id, tot.ts, round(1000 + sum(tot.q) over (partition by tot.id order by tot.ts) / m.multiplier, 4),
            'normal', 'machine', $5, $5
       from tot join jsonb_to_recordset($2::jsonb) m(id bigint, multiplier numeric) on m.id = tot.id`,
    [
      tx.tenantId,
      JSON.stringify(meters.map((m) => ({ id: m.id, per_hour: m.perHour, multiplier: m.multiplier }))),
      JSON.stringify(pairs),
      timeZone,
      tx.userId,
    ],
  );
}

/**
 * The demo factory's energy: a dozen meters (the plant's main incomer with the workshops' and two machines' sub-meters,
 * water, gas, steam, compressed air), a time-of-use tariff per type valid since a year ago, this month's targets of
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
    const machines = shops[0]
      ? (
          await tx.query<{ id: number }>(
            'select id from equipment where tenant_id = $1 and workshop_id = $2 and deleted_at is null order by code limit 2',
            [tenantId, shops[0]],
          )
        ).rows.map((r) => Number(r.id))
      : [];
    const ids = new Map<string, number>();
    const made: { id: number; parentId: number | null; perHour: number; multiplier: number }[] = [];
    let machine = 0;
    for (const m of demoMeters(shops)) {
      const equipmentId = m.machine ? machines[machine++] : undefined;
      const row = await create(tx, meterEntity, {
        code: m.code,
        name: m.name,
        energyType: m.energyType,
        multiplier: m.multiplier,
        parentId: m.parent ? ids.get(m.parent) : null,
        workshopId: m.workshop ?? null,
        ...(equipmentId ? { equipmentId } : {}),
      });
      ids.set(m.code, Number(row.id));
      made.push({
        id: Number(row.id),
        parentId: m.parent ? (ids.get(m.parent) ?? null) : null,
        perHour: m.perHour,
        multiplier: Number(m.multiplier),
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
