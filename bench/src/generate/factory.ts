import type { Database } from '../../../server/src/db/index.js';
import { generateTasks } from '../../../server/src/domains/check/generate.js';
import { equipmentEntity, mouldEntity } from '../../../server/src/domains/equipment/resources.js';
import { insertRecords } from '../../../server/src/platform/resources/import-insert.js';
import { readContext } from '../../../server/src/platform/resources/read.js';
import { type TenantTx, withTenant } from '../../../server/src/platform/tenancy/tenant-tx.js';
import { type CheckSize, fillCheckPlans, workCheckHistory } from './check.js';
import { equipmentMaker, moulds } from './ledger.js';
import { insertPeople, people } from './people.js';
import { buildPlant } from './plant.js';
import { fillProduction, type ProductionSize } from './production.js';
import { random } from './random.js';
import { fillRepairHistory } from './repair.js';
import { fillSpareStore, type SpareSize } from './spare.js';
import { CATEGORIES, type WorkshopKind } from './vocabulary.js';

export interface FactorySize {
  workshops: WorkshopKind[];
  linesPer: number;
  equipment: number;
  moulds: number;
  users: number;
  /** Repair orders over the last year (mostly checked), on the tenant's machines. */
  repairOrders: number;
  /** A spare store with a year of movements, issues tied to the repair orders (none when absent). */
  spare?: SpareSize;
  /** Check plans switched on and the days of tasks they made, worked as a plant would (none when absent). */
  check?: CheckSize & { historyDays: number };
  /** Stations, a year of work orders with their plan tasks and work reports (none when absent). */
  production?: ProductionSize;
}

export interface FactoryTarget {
  tenantId: number;
  adminId: number;
  /** Login-name prefix of the tenant's members (login names are unique across the service). */
  prefix: string;
  seed: number;
  passwordHash: string;
}

/** Rows written per table. */
export type RowCounts = Record<string, number>;

/** Equipment and people go in transactions of this many rows (each written in batches of 1,000). */
export const CHUNK = 10_000;

/**
 * Fills one tenant with a believable factory: organisation and teams, workshops and lines, categories,
 * people, equipment and moulds, a year of repair orders and of spare stock movements, and a week of check tasks. Each step runs in tenant transactions as the tenant's administrator.
 */
export async function fillFactory(
  db: Database,
  target: FactoryTarget,
  size: FactorySize,
  onChunk: (table: string, rows: number) => void = () => undefined,
): Promise<RowCounts> {
  const r = random(target.seed);
  const scoped = <T>(fn: (tx: TenantTx) => Promise<T>) => withTenant(db, target.tenantId, target.adminId, fn);
  const counts: RowCounts = {};
  const add = (table: string, n: number) => {
    counts[table] = (counts[table] ?? 0) + n;
    onChunk(table, n);
  };

  // Statistics after each bulk step, as the product's import asks for them (analyzeAfterImport): a connection
  // keeps its foreign-key checks planned, and planned on a table never analyzed while (nearly) empty they take
  // any index on tenant_id and filter the id, walking a whole tenant's rows for every check (the check week's
  // 1.5 million checks on 100,000 machines never finished). An analyze makes the connection plan them again.
  const analyze = async (tables: string[]) => {
    for (const table of tables) await db.exec(`analyze "${table}"`);
  };
  const plant = await scoped((tx) => buildPlant(tx, size.workshops, size.linesPer));
  add('plant and organisation', plant.rows);

  const list = people(r, size.users, target.prefix, plant.teams, plant.repairTeams);
  const keepers: number[] = [];
  for (let i = 0; i < list.length; i += CHUNK) {
    const part = list.slice(i, i + CHUNK);
    const ids = await scoped(async (tx) => {
      const out: number[] = [];
      for (let j = 0; j < part.length; j += 1_000)
        out.push(...(await insertPeople(tx, part.slice(j, j + 1_000), target.passwordHash)));
      return out;
    });
    ids.forEach((id, j) => {
      if (part[j]!.is_repairman) keepers.push(id);
    });
    add('users', ids.length);
  }

  const names = new Map(CATEGORIES.map(([code, name]) => [code, name]));
  const make = equipmentMaker(r, plant, names, keepers);
  for (let done = 0; done < size.equipment; done += CHUNK) {
    const bodies = make(Math.min(CHUNK, size.equipment - done));
    const n = await scoped(async (tx) => insertRecords(tx, await readContext(tx, equipmentEntity, 'zh'), bodies));
    add('equipment', n);
  }

  if (size.moulds > 0) {
    const hosts = await scoped(async (tx) => {
      const q = (code: string) =>
        tx
          .query<{ id: number }>(
            'select id from equipment where tenant_id = $1 and category_id = $2 order by id limit 2000',
            [tx.tenantId, plant.categories.get(code)],
          )
          .then((x) => x.rows.map((row) => Number(row.id)));
      return { injection: await q('IMM'), stamping: await q('PRS') };
    });
    const bodies = moulds(r, size.moulds, plant, hosts);
    const n = await scoped(async (tx) => insertRecords(tx, await readContext(tx, mouldEntity, 'zh'), bodies));
    add('moulds', n);
  }

  await analyze(['organizations', 'workshops', 'lines', 'users', 'equipment', 'moulds']);

  if (size.repairOrders > 0 && size.equipment > 0)
    await fillRepairHistory(scoped, size.repairOrders, keepers, (n) => add('repair_orders', n));
  if (size.spare) await fillSpareStore(scoped, size.spare, add, analyze);
  if (size.production && size.equipment > 0) await fillProduction(scoped, size.production, add, analyze);
  if (size.check) {
    const now = new Date();
    await fillCheckPlans(db, target.tenantId, target.adminId, size.check, now);
    add('check_plans', size.check.plans);
    // The task tables too: the seed's demo tasks were checked while they were empty, and that plan would walk
    // every task of the tenant for each of the week's 1.3 million items.
    await analyze([
      'check_plans',
      'check_plan_machines',
      'check_schemes',
      'check_scheme_details',
      'check_projects',
      'check_tasks',
      'check_task_details',
    ]);
    // The days before today, as the generation job made them (today's run is left to the job or the bench).
    const made = await scoped((tx) =>
      generateTasks(tx, { now: new Date(now.getTime() - 86_400_000), catchUpDays: size.check!.historyDays - 1 }),
    );
    add('check_tasks', made.tasks);
    add('check_task_details', made.items);
    await analyze(['check_tasks', 'check_task_details']);
    await scoped((tx) => workCheckHistory(tx, now));
  }
  return counts;
}
