import type { Database } from '../../db/index.js';
import { insertRecords } from '../../platform/resources/import-insert.js';
import { readContext } from '../../platform/resources/read.js';
import { getEntity } from '../../platform/resources/registry.js';
import { createRow } from '../../platform/resources/write.js';
import { type TenantTx, withTenant } from '../../platform/tenancy/tenant-tx.js';
import { runAction } from '../../platform/workflow/run.js';
import { sparePartEntity } from '../equipment/parts-resources.js';
import { warehouseEntity, warehouseLineEntity } from '../plant/warehouses.js';
import { saveDoc } from '../spare/documents.js';
import { docEntity, wmsRuleEntity } from '../spare/resources.js';
import { orderEntity } from './orders.js';
import { reportWork } from './reporting.js';
import {
  bomEntity,
  bomLineEntity,
  materialEntity,
  procedureEntity,
  routingEntity,
  stationEntity,
} from './resources.js';
import { saveSteps } from './routing.js';
import { runSchedule } from './schedule-run.js';

/** code, name, specification, unit, kind. */
const MATERIALS: [string, string, string, string, string][] = [
  ['P-GB100', '减速机 GB100', 'i=10 1.5kW', 'set', 'product'],
  ['S-SH20', '输出轴', 'Φ20×180', 'piece', 'semi'],
  ['C-BAR45', '45#圆钢', 'Φ25', 'kilogram', 'component'],
  ['C-HOUS', '铸铁箱体', 'HT250', 'piece', 'component'],
  ['C-GEAR', '斜齿轮', 'm2 z40', 'piece', 'component'],
  ['C-BRG', '深沟球轴承', '6205-2RS', 'piece', 'component'],
  ['C-BOLT', '内六角螺栓', 'M8×25', 'piece', 'component'],
];
/** code, name, station kind, standard minutes per unit, ideal cycle seconds. */
const PROCEDURES: [string, string, string, number, number][] = [
  ['OP10', '车削', 'machining', 1, 45],
  ['OP20', '铣键槽', 'machining', 0.8, 36],
  ['OP30', '装配', 'assembly', 1.1, 50],
  ['OP40', '终检', 'inspection', 0.5, 20],
];
/**
 * The components kept in the line-side store (线边库) as spare parts: the material's code, the part's code, name,
 * specification, unit and price, and what the opening receipt brings (a month of orders and more). The bearing is
 * the maintenance catalogue's own 6205 (a part both the machines and the product use).
 */
const STOCKED: [string, string, string, string, string, string, number][] = [
  ['C-BAR45', 'PM-BAR45-25', '45#圆钢', 'Φ25', '千克', '6.20', 24_000],
  ['C-HOUS', 'PM-HOUS-GB100', '铸铁箱体', 'HT250', '个', '260.00', 24_000],
  ['C-GEAR', 'PM-GEAR-M2Z40', '斜齿轮', 'm2 z40', '个', '85.00', 48_000],
  ['C-BRG', 'SP-BRG-6205', '深沟球轴承', '6205-2RS', '个', '18.50', 48_000],
  ['C-BOLT', 'PM-BOLT-M8X25', '内六角螺栓', 'M8×25', '个', '0.35', 200_000],
];
export const LINE_STORE = 'WH-LINE';
const REASONS = ['dimension', 'surface', 'material', 'setup', 'machine', 'operator'];

/** A small deterministic random (the demo is the same on every start). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const ids = async (tx: TenantTx, table: string) =>
  new Map(
    (
      await tx.query<{ id: number; code: string }>(`select id, code from ${table} where tenant_id = $1`, [tx.tenantId])
    ).rows.map((r) => [r.code, Number(r.id)]),
  );

/**
 * The line-side store: a warehouse with a bin per stocked component, the components' spare parts (those the
 * catalogue lacks), an opening purchase of each posted through the stock engine, and the warehouse rule that every
 * work order draws its components from it by BOM on release. Returns the spare part of each stocked material.
 */
async function lineStore(tx: TenantTx): Promise<Map<string, number>> {
  const parts = await ids(tx, 'spare_parts');
  await insertRecords(
    tx,
    await readContext(tx, sparePartEntity, 'zh'),
    STOCKED.filter(([, part]) => !parts.has(part)).map(([, code, name, specification, unit, price]) => ({
      code,
      name,
      specification,
      unit,
      price,
      category: '生产物料',
    })),
  );
  const part = await ids(tx, 'spare_parts');
  await insertRecords(tx, await readContext(tx, warehouseEntity, 'zh'), [
    { code: LINE_STORE, name: '装配线边库', type: 'other', keeperId: tx.userId, remark: '减速机生产用零部件' },
  ]);
  const warehouseId = (await ids(tx, 'warehouses')).get(LINE_STORE)!;
  await insertRecords(
    tx,
    await readContext(tx, warehouseLineEntity, 'zh'),
    STOCKED.map(([, , name], i) => ({ warehouseId, code: `L-${String(i + 1).padStart(2, '0')}`, name })),
  );
  const bins = await tx.query<{ id: number; code: string }>(
    'select id, code from warehouse_lines where tenant_id = $1 and warehouse_id = $2 order by code',
    [tx.tenantId, warehouseId],
  );
  const receipt = await saveDoc(tx, 'zh', {
    type: 'receipt',
    reason: 'purchase',
    warehouseId,
    remark: '线边库期初入库',
    lines: STOCKED.map(([, code, , , , unitCost, quantity], i) => ({
      sparePartId: part.get(code),
      quantity,
      unitCost,
      binId: bins.rows[i]?.id ?? null,
    })),
  });
  for (const name of ['submit', 'approve', 'post'])
    await runAction(tx, docEntity, name, receipt.id, {}, 'zh', { system: true });
  await insertRecords(tx, await readContext(tx, wmsRuleEntity, 'zh'), [
    { warehouseId, materialIssue: 'release', remark: '工单下达时按BOM从线边库领料' },
  ]);
  await tx.query("delete from messages where tenant_id = $1 and type_code in ('sparedoc', 'sparestock')", [
    tx.tenantId,
  ]);
  return new Map(STOCKED.map(([material, code]) => [material, part.get(code)!]));
}

async function definitions(tx: TenantTx): Promise<{ product: number; routing: number } | null> {
  const stocked = await lineStore(tx);
  await insertRecords(
    tx,
    await readContext(tx, materialEntity, 'zh'),
    MATERIALS.map(([code, name, spec, unit, kind]) => ({
      code,
      name,
      spec,
      unit,
      kind,
      ...(stocked.has(code) ? { sparePartId: stocked.get(code) } : {}),
    })),
  );
  const mat = await ids(tx, 'production_materials');
  const bomCtx = await readContext(tx, bomEntity, 'zh');
  const lineCtx = await readContext(tx, bomLineEntity, 'zh');
  const bom = async (code: string, product: string, lines: [string, number, number][]) => {
    const b = await createRow(tx, bomCtx, { code, materialId: mat.get(product), version: 'V1', isCurrent: true });
    for (const [i, [m, quantity, scrapRate]] of lines.entries())
      await createRow(tx, lineCtx, { bomId: b.id, materialId: mat.get(m), quantity, scrapRate, sort: (i + 1) * 10 });
  };
  await bom('BOM-SH20-V1', 'S-SH20', [['C-BAR45', 0.9, 5]]);
  await bom('BOM-GB100-V1', 'P-GB100', [
    ['S-SH20', 1, 0],
    ['C-HOUS', 1, 0],
    ['C-GEAR', 2, 2],
    ['C-BRG', 2, 0],
    ['C-BOLT', 8, 3],
  ]);
  await insertRecords(
    tx,
    await readContext(tx, procedureEntity, 'zh'),
    PROCEDURES.map(([code, name, stationKind, standardMinutes, idealCycleSeconds]) => ({
      code,
      name,
      stationKind,
      standardMinutes,
      idealCycleSeconds,
    })),
  );
  const proc = await ids(tx, 'procedures');
  // A lathe turns, a machining centre mills and a second lathe is the assembly cell's press; inspection is a bench.
  const pick = async (prefix: string, skip: number) =>
    (
      await tx.query<{ id: number; workshop_id: number }>(
        `select id, workshop_id from equipment where tenant_id = $1 and deleted_at is null and status = 'running'
            and workshop_id is not null and code like $2 order by code offset $3 limit 1`,
        [tx.tenantId, `${prefix}%`, skip],
      )
    ).rows[0];
  const found = [await pick('EQ-CK-', 0), await pick('EQ-VMC-', 0), await pick('EQ-CK-', 1)];
  const shift = (await ids(tx, 'shifts')).get('A');
  if (found.some((m) => !m) || !shift) return null;
  const [m1, m2, m3] = found.map((m) => Number(m!.id));
  const workshopId = Number(found[0]!.workshop_id);
  await insertRecords(tx, await readContext(tx, stationEntity, 'zh'), [
    { code: 'ST-OP10', name: '车削工位', kind: 'machining', workshopId, equipmentId: m1, state: 1 },
    {
      code: 'ST-OP20',
      name: '铣削工位',
      kind: 'machining',
      workshopId: Number(found[1]!.workshop_id),
      equipmentId: m2,
      state: 1,
    },
    { code: 'ST-OP30', name: '装配工位', kind: 'assembly', workshopId, equipmentId: m3, state: 1 },
    { code: 'ST-OP40', name: '终检工位', kind: 'inspection', workshopId, shiftId: shift, state: 1 },
  ]);
  const today = new Date();
  const iso = (d: number) => new Date(today.getTime() + d * 86_400_000).toISOString().slice(0, 10);
  await insertRecords(
    tx,
    await readContext(tx, getEntity('equipmentshift'), 'zh'),
    [m1, m2, m3].map((equipmentId) => ({ equipmentId, shiftId: shift, startDate: iso(-40), endDate: iso(90) })),
  );
  const rtCtx = await readContext(tx, routingEntity, 'zh');
  const template = await createRow(tx, rtCtx, { code: 'TPL-MACH', name: '轴类机加工模板', isTemplate: true });
  await saveSteps(tx, 'zh', {
    id: Number(template.id),
    steps: [{ procedureId: proc.get('OP10')! }, { procedureId: proc.get('OP20')! }],
  });
  const routing = await createRow(tx, rtCtx, { code: 'RT-GB100', name: '减速机工艺', materialId: mat.get('P-GB100') });
  await saveSteps(tx, 'zh', {
    id: Number(routing.id),
    steps: ['OP10', 'OP20', 'OP30', 'OP40'].map((c) => ({ procedureId: proc.get(c)! })),
  });
  return { product: mat.get('P-GB100')!, routing: Number(routing.id) };
}

/**
 * A month of work orders, one a day of 440–500 reducers, each released and reported on every procedure on its day
 * (its machine, 08:30–15:30 of the tenant's day at UTC+8, a few scrapped with a reason), then finished and closed;
 * the last days' orders are still running, and next week's are planned or released and scheduled.
 */
async function history(tx: TenantTx, product: number, routing: number): Promise<void> {
  const r = random(48);
  const ctx = await readContext(tx, orderEntity, 'zh');
  const step = (id: unknown, name: string) => runAction(tx, orderEntity, name, id, {}, 'zh', { system: true });
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  for (let d = -30; d <= 7; d++) {
    const quantity = 440 + Math.floor(r() * 61);
    const order = await createRow(
      tx,
      ctx,
      {
        code: `WO-${day(d).replaceAll('-', '')}`,
        materialId: product,
        quantity,
        dueDate: day(d + 2),
        priority: 1 + Math.floor(r() * 9),
        routingId: routing,
      },
      { system: true },
    );
    if (d > 3) continue;
    await step(order.id, 'release');
    if (d > 0) continue;
    const tasks = await tx.query<{ id: number; station: number }>(
      `select t.id, s.id as station from plan_tasks t
         join procedures p on p.tenant_id = t.tenant_id and p.id = t.procedure_id
         join stations s on s.tenant_id = t.tenant_id and s.code = $3 || p.code
        where t.tenant_id = $1 and t.work_order_id = $2 order by t.seq`,
      [tx.tenantId, order.id, 'ST-'],
    );
    let good = quantity;
    for (const task of tasks.rows) {
      const scrap = r() < 0.7 ? Math.floor(r() * 6) : 0;
      good -= scrap;
      await reportWork(tx, 'zh', {
        planTaskId: task.id,
        stationId: task.station,
        goodQty: good,
        scrapQty: scrap,
        ...(scrap ? { scrapReason: REASONS[Math.floor(r() * REASONS.length)] } : {}),
        startAt: `${day(d)}T00:30:00.000Z`,
        endAt: `${day(d)}T07:30:00.000Z`,
      });
    }
    if (d < -2) {
      await step(order.id, 'finish');
      await step(order.id, 'close');
    }
  }
  await runSchedule(tx, 'zh', { days: 7 });
}

/** The demo factory's production: materials, BOMs, procedures, stations, routings and, with history, a month of work. */
export async function fillProductionDemo(db: Database, tenantId: number, withHistory: boolean): Promise<void> {
  const adminId = await adminOf(db, tenantId);
  if (!adminId) return;
  await withTenant(db, tenantId, adminId, async (tx) => {
    const made = await definitions(tx);
    if (made && withHistory) await history(tx, made.product, made.routing);
  });
}

const adminOf = async (db: Database, tenantId: number) =>
  Number(
    (await db.query<{ id: number }>('select id from users where tenant_id = $1 order by id limit 1', [tenantId]))
      .rows[0]?.id ?? 0,
  );

/** The month of work alone, over the demo definitions already made (the demo test, which seeds without history). */
export async function fillProductionHistory(db: Database, tenantId: number): Promise<void> {
  await withTenant(db, tenantId, await adminOf(db, tenantId), async (tx) => {
    const product = (await ids(tx, 'production_materials')).get('P-GB100');
    const routing = (await ids(tx, 'routings')).get('RT-GB100');
    if (product && routing) await history(tx, product, routing);
  });
}
