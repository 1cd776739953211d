import type { EntityHooks, FieldIssue, WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { metersOfType, readingsChanged, recomputeDays } from './days.js';
import { afterReading, checkImportedReadings, checkReading } from './reading-rules.js';
import { periodIssues } from './tariff-periods.js';

/** The usual unit of the built-in energy types, where the dictionary value gives none. */
export const DEFAULT_UNITS: Readonly<Record<string, string>> = {
  electricity: 'kWh',
  water: 'm³',
  gas: 'm³',
  steam: 't',
  compressedAir: 'm³',
};

const idOf = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
/** A place part the body leaves empty (a wrong value is left for the engine to refuse). */
const empty = (v: unknown) => v === null || v === undefined || v === '';
const validId = (v: unknown) => {
  const n = idOf(v);
  return n !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * The unit of an energy type: the usual unit of a built-in type, else the dictionary value's `value` (a tenant's
 * own type, 'kg' for welding gas), unless that only repeats the code.
 */
export async function unitOf(tx: TenantTx, energyType: string): Promise<string | null> {
  if (DEFAULT_UNITS[energyType]) return DEFAULT_UNITS[energyType];
  const r = await tx.query<{ value: string | null }>(
    `select c.value from items c join items p on p.tenant_id = c.tenant_id and p.id = c.parent_id
      where c.tenant_id = $1 and p.code = 'energytype' and p.parent_id is null and c.code = $2 limit 1`,
    [tx.tenantId, energyType],
  );
  const value = r.rows[0]?.value?.trim();
  return DEFAULT_UNITS[energyType] ?? (value && value !== energyType ? value : null);
}

/**
 * A place given by its most precise part fills in the parts above it: a machine its workshop and line, a line
 * its workshop, a workshop its factory (organisation), so a meter counts in every place it lies in.
 */
async function fillPlace(tx: TenantTx, body: WireRow): Promise<WireRow> {
  const out = { ...body };
  const equipmentId = validId(body.equipmentId);
  if (equipmentId && empty(body.workshopId)) {
    const e = await tx.query<{ workshop_id: number | null; line_id: number | null }>(
      'select workshop_id, line_id from equipment where tenant_id = $1 and id = $2',
      [tx.tenantId, equipmentId],
    );
    if (e.rows[0]) {
      out.workshopId = e.rows[0].workshop_id;
      if (empty(body.lineId)) out.lineId = e.rows[0].line_id;
    }
  }
  const workshopId = validId(out.workshopId);
  if (workshopId && empty(body.organizationId)) {
    const w = await tx.query<{ organizationid: number | null }>(
      'select organizationid from workshops where tenant_id = $1 and id = $2',
      [tx.tenantId, workshopId],
    );
    if (w.rows[0]?.organizationid) out.organizationId = w.rows[0].organizationid;
  }
  return out;
}

/** A meter's machine-data tag must measure energy (its role), so that what it counts are meter readings. */
async function tagIssues(tx: TenantTx, row: WireRow): Promise<FieldIssue[]> {
  const tagId = validId(row.tagId);
  if (!tagId) return [];
  const tag = await tx.query<{ role: string }>('select role from das_tags where tenant_id = $1 and id = $2', [
    tx.tenantId,
    tagId,
  ]);
  const role = tag.rows[0]?.role;
  return role && role !== 'energy' ? [{ field: 'tagId', key: 'energy.errors.tagNotEnergy' }] : [];
}

/** Meters: the unit from the energy type, the place filled upwards, a parent of the same type and no cycle. */
export const meterHooks: EntityHooks = {
  async beforeValidate(tx, body) {
    const out = await fillPlace(tx, body);
    if (typeof out.energyType === 'string' && !out.unit) out.unit = await unitOf(tx, out.energyType);
    return out;
  },
  async check(tx, row, existing) {
    const issues: FieldIssue[] = await tagIssues(tx, row);
    const parentId = idOf(row.parentId);
    if (!parentId) return issues;
    const selfId = idOf(existing?.id);
    if (selfId !== null && parentId === selfId) return [{ field: 'parentId', key: 'energy.errors.parentCycle' }];
    // The parent's chain upwards: reaching this meter again would make a ring.
    const chain = await tx.query<{ id: number; energy_type: string; depth: number }>(
      `with recursive up(id, parent_id, energy_type, depth) as (
         select id, parent_id, energy_type, 0 from energy_meters where tenant_id = $1 and id = $2
         union all
         select m.id, m.parent_id, m.energy_type, up.depth + 1 from energy_meters m
           join up on m.tenant_id = $1 and m.id = up.parent_id where up.depth < 100)
       select id, energy_type, depth from up order by depth`,
      [tx.tenantId, parentId],
    );
    if (selfId !== null && chain.rows.some((r) => Number(r.id) === selfId))
      issues.push({ field: 'parentId', key: 'energy.errors.parentCycle' });
    const parentType = chain.rows[0]?.energy_type;
    if (parentType && row.energyType && parentType !== row.energyType)
      issues.push({ field: 'parentId', key: 'energy.errors.parentType' });
    return issues;
  },
  // The multiplier and the register's maximum weigh every interval of the meter, the energy type's tariffs price
  // them: its days are worked out again. (Its places' figures follow its place and parent by themselves: 0186.)
  async afterWrite(tx, before, after) {
    if (!before) return;
    if (
      String(before.multiplier) !== String(after.multiplier) ||
      String(before.registerMax) !== String(after.registerMax) ||
      before.energyType !== after.energyType
    )
      await recomputeDays(tx, [Number(after.id)]);
  },
};

/** What of a reading its consumption depends on: a write that changes none of it leaves the kept days alone. */
const COUNTED = ['meterId', 'readAt', 'value', 'kind', 'oldFinalValue'] as const;
const sameCount = (a: WireRow, b: WireRow) => COUNTED.every((k) => String(a[k] ?? '') === String(b[k] ?? ''));

/** A meter's readings grouped: meter id → the times of its readings. */
function timesByMeter(rows: readonly WireRow[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const r of rows) {
    const id = Number(r.meterId);
    const at = r.readAt instanceof Date ? r.readAt.toISOString() : r.readAt;
    if (!Number.isSafeInteger(id) || typeof at !== 'string') continue;
    out.set(id, [...(out.get(id) ?? []), at]);
  }
  return out;
}

/**
 * Readings: the order of a meter's readings, future times, replacements and rollovers (reading-rules.ts); every
 * write keeps the meter's day figures (days.ts) before the targets are compared with them.
 */
export const readingHooks: EntityHooks = {
  check: (tx, row, existing) => checkReading(tx, row, existing),
  async afterWrite(tx, before, after) {
    if (!before || !sameCount(before, after)) {
      for (const [meterId, times] of timesByMeter(before ? [before, after] : [after]))
        await readingsChanged(tx, meterId, times);
    }
    await afterReading(tx, after);
  },
  importCheck: [
    { stage: 'beforeInsert', check: (tx, rows) => checkImportedReadings(tx, rows) },
    // The imported readings' days are kept once they are in their table.
    {
      stage: 'afterInsert',
      async check(tx, rows) {
        for (const [meterId, times] of timesByMeter(rows)) await readingsChanged(tx, meterId, times);
        return [];
      },
    },
  ],
  async beforeDelete(tx, rows) {
    const skip = { readings: rows.map((r) => Number(r.id)) };
    for (const [meterId, times] of timesByMeter(rows)) await readingsChanged(tx, meterId, times, skip);
  },
};

/** Tariffs: validity in order, periods covering the day once, no other tariff of the type valid meanwhile. */
export const tariffHooks: EntityHooks = {
  async check(tx, row, existing) {
    const issues: FieldIssue[] = [...periodIssues(row.periods)];
    const from = typeof row.validFrom === 'string' ? row.validFrom : null;
    const to = typeof row.validTo === 'string' && row.validTo ? row.validTo : null;
    if (from && to && to < from) issues.push({ field: 'validTo', key: 'energy.errors.validToBefore' });
    if (from && typeof row.energyType === 'string' && !issues.some((i) => i.field === 'validTo')) {
      const other = await tx.query<{ code: string }>(
        `select code from energy_tariffs where tenant_id = $1 and energy_type = $2 and id <> $3
            and valid_from <= coalesce($5::date, 'infinity'::date) and coalesce(valid_to, 'infinity'::date) >= $4::date
          order by valid_from limit 1`,
        [tx.tenantId, row.energyType, idOf(existing?.id) ?? 0, from, to],
      );
      if (other.rows[0])
        issues.push({ field: 'validFrom', key: 'energy.errors.tariffOverlap', params: { code: other.rows[0].code } });
    }
    return issues;
  },
  // A tariff prices the days of its energy type over its validity: those days, before and after the change, again.
  async afterWrite(tx, before, after) {
    for (const t of before ? [before, after] : [after]) await tariffDays(tx, t);
  },
  async beforeDelete(tx, rows) {
    const skip = { tariffs: rows.map((r) => Number(r.id)) };
    for (const t of rows) await tariffDays(tx, t, skip);
  },
};

/** The days a tariff prices worked out again (leaving out the tariffs `skip` names). */
async function tariffDays(tx: TenantTx, tariff: WireRow, skip = {}): Promise<void> {
  if (typeof tariff.energyType !== 'string' || typeof tariff.validFrom !== 'string') return;
  const to = typeof tariff.validTo === 'string' && tariff.validTo ? tariff.validTo : undefined;
  await recomputeDays(tx, await metersOfType(tx, tariff.energyType), tariff.validFrom, to, skip);
}

/** Targets: one per month, energy type and place. */
export const targetHooks: EntityHooks = {
  async beforeValidate(tx, body) {
    return fillPlace(tx, body);
  },
  async check(tx, row, existing) {
    const same = await tx.query(
      `select 1 from energy_targets where tenant_id = $1 and id <> $2 and month = $3 and energy_type = $4
          and organization_id is not distinct from $5::bigint and workshop_id is not distinct from $6::bigint
          and line_id is not distinct from $7::bigint and equipment_id is not distinct from $8::bigint limit 1`,
      [
        tx.tenantId,
        idOf(existing?.id) ?? 0,
        row.month,
        row.energyType,
        idOf(row.organizationId),
        idOf(row.workshopId),
        idOf(row.lineId),
        idOf(row.equipmentId),
      ],
    );
    return same.rows.length ? [{ field: 'month', key: 'energy.errors.targetTaken' }] : [];
  },
};
