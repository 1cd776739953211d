import { shift } from '../../platform/reports/filters.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { totalSql } from './consumption.js';
import { goodOutput } from './output.js';
import { DEFAULT_UNITS } from './rules.js';

/**
 * The home panel's energy figure: electricity used this month so far (and its cost), against the same days of last
 * month, and per good part reported this month.
 */
export interface MonthEnergy {
  energyType: 'electricity';
  unit: string;
  month: string;
  quantity: string;
  cost: string | null;
  previous: string;
  /** Good parts reported this month (production work reports) and the electricity per good part; null without reports. */
  goodParts: number | null;
  perPart: string | null;
}

/**
 * This month's electricity up to today (the tenant's days) over every main meter, and the same days of the month
 * before (its whole length when shorter). Null when the tenant has no electricity meter.
 */
export async function monthEnergy(tx: TenantTx, today: string, timeZone: string): Promise<MonthEnergy | null> {
  const has = await tx.query(
    `select 1 from energy_meters where tenant_id = $1 and energy_type = 'electricity' and deleted_at is null limit 1`,
    [tx.tenantId],
  );
  if (!has.rows.length) return null;
  const first = `${today.slice(0, 7)}-01`;
  const prevFirst = `${shift(first, -1).slice(0, 7)}-01`;
  const day = Number(today.slice(8, 10));
  const prevLast = shift(first, -1);
  const prevTo = Number(prevLast.slice(8, 10)) < day ? prevLast : `${prevFirst.slice(0, 8)}${today.slice(8, 10)}`;
  const run = async (from: string, to: string) => {
    const q = totalSql({ from, to, timeZone, energyType: 'electricity' }, tx.tenantId);
    return (await tx.query<{ quantity: string; cost: string | null }>(q.text, q.values)).rows[0]!;
  };
  const now = await run(first, today);
  const before = await run(prevFirst, prevTo);
  const output = await goodOutput(tx, {}, first, today);
  const goodParts = output.available ? output.goodParts : null;
  return {
    energyType: 'electricity',
    unit: DEFAULT_UNITS.electricity!,
    month: today.slice(0, 7),
    quantity: now.quantity,
    cost: now.cost,
    previous: before.quantity,
    goodParts,
    perPart: goodParts ? (Number(now.quantity) / goodParts).toFixed(4) : null,
  };
}
