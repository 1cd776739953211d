import '../../../server/src/domains/index.js';
import type { Database } from '../../../server/src/db/index.js';
import { migrate } from '../../../server/src/db/migrate.js';
import { createTenant } from '../../../server/src/domains/operator/tenants.js';
import { hashPassword } from '../../../server/src/platform/auth/password.js';
import { seed } from '../../../server/src/seed/index.js';
import { type FactorySize, fillFactory, type RowCounts } from './factory.js';
import { pad } from './random.js';
import { WORKSHOPS } from './vocabulary.js';

export const SCALES = ['demo', 'tiny', 'large'] as const;
export type Scale = (typeof SCALES)[number];

/** The big tenant's code and administrator (the benchmarks log in as this user). */
export const BIG_TENANT = { code: 'bench-big', admin: 'big_admin', name: '华东汽车零部件有限公司' };

interface ScalePlan {
  big: FactorySize | null;
  small: { count: number; size: (i: number) => FactorySize };
}

const CITIES = ['苏州', '宁波', '佛山', '东莞', '重庆', '武汉', '长春', '柳州', '芜湖', '襄阳', '无锡', '常州', '台州'];
const TRADES = ['精密机械', '汽车零部件', '模具', '塑胶制品', '冲压件', '动力设备', '电器'];

/** A small plant: two to four workshops, taken in turn from the list so the tenants differ. */
const smallSize =
  (equipment: number, users: number, repairOrders: number) =>
  (i: number): FactorySize => ({
    workshops: Array.from({ length: 2 + (i % 3) }, (_, j) => WORKSHOPS[(i + j) % WORKSHOPS.length]!),
    linesPer: 3,
    equipment,
    moulds: 20,
    users,
    repairOrders,
  });

export const PLANS: Record<Scale, ScalePlan> = {
  demo: { big: null, small: { count: 0, size: smallSize(0, 0, 0) } },
  tiny: {
    big: {
      workshops: WORKSHOPS,
      linesPer: 4,
      equipment: 2_000,
      moulds: 60,
      users: 60,
      repairOrders: 5_000,
      spare: { parts: 300, warehouses: 2, moves: 20_000 },
      check: { plans: 1_000, schemesPerKind: 4, itemsPerScheme: 6, historyDays: 7 },
      production: { stations: 200, orders: 400, reports: 16_000 },
    },
    small: { count: 2, size: smallSize(100, 10, 200) },
  },
  large: {
    big: {
      workshops: WORKSHOPS,
      linesPer: 6,
      equipment: 100_000,
      moulds: 2_000,
      users: 1_000,
      repairOrders: 1_000_000,
      spare: { parts: 5_000, warehouses: 4, moves: 2_000_000 },
      check: { plans: 50_000, schemesPerKind: 20, itemsPerScheme: 6, historyDays: 7 },
      production: { stations: 200, orders: 50_000, reports: 2_000_000 },
    },
    small: { count: 50, size: smallSize(300, 20, 2_000) },
  },
};

export interface GenerateResult {
  scale: Scale;
  tenants: number;
  counts: RowCounts;
  rows: number;
  /** Time spent on the generated tenants (after migrations and the first-start seed). */
  seconds: number;
  rowsPerSecond: number;
  /** False when the data folder or schema already held the generated tenants. */
  created: boolean;
}

export async function newTenant(db: Database, name: string, code: string, admin: string, password: string) {
  return db.transaction(async (tx) => {
    const version = await tx.query<{ id: number }>('select id from sys_versions where is_default order by id limit 1');
    return createTenant(tx, {
      name,
      code,
      versionId: version.rows[0]?.id ?? null,
      admin: { username: admin, password, peoplename: '系统管理员', mustChangePassword: false },
    });
  });
}

/**
 * Makes a database ready and full: migrations, the first-start seed (operator and demo factory, as `npm start`
 * does), then the scale's tenants through the product's own paths (createTenant, the engine's batched insert).
 */
export async function generate(
  db: Database,
  opts: { scale: Scale; password: string; databaseUrl?: string; log?: (line: string) => void },
): Promise<GenerateResult> {
  const log = opts.log ?? (() => undefined);
  await migrate(db);
  // The demo factory without its year of history (DEMO_HISTORY=0): the scales add their own.
  await seed(db, { seedAdminPassword: opts.password, databaseUrl: opts.databaseUrl ?? '', demoHistory: false });
  const started = Date.now();
  const plan = PLANS[opts.scale];
  const counts: RowCounts = {};
  const add = (c: RowCounts) => {
    for (const [k, v] of Object.entries(c)) counts[k] = (counts[k] ?? 0) + v;
  };
  const exists = await db.query('select 1 from companies where code = $1', [BIG_TENANT.code]);
  const fresh = plan.big !== null && exists.rows.length === 0;
  let tenants = 0;
  if (fresh && plan.big) {
    const hash = await hashPassword(opts.password);
    let lastLog = Date.now();
    const seen: RowCounts = {};
    const progress = (table: string, n: number) => {
      seen[table] = (seen[table] ?? 0) + n;
      if (Date.now() - lastLog < 5_000) return;
      lastLog = Date.now();
      log(`  ${table}: ${seen[table]} rows so far`);
    };
    const big = await newTenant(db, BIG_TENANT.name, BIG_TENANT.code, BIG_TENANT.admin, opts.password);
    tenants++;
    add(
      await fillFactory(
        db,
        { tenantId: big.companyId, adminId: big.adminId, prefix: 'big', seed: 7, passwordHash: hash },
        plan.big,
        progress,
      ),
    );
    log(`${BIG_TENANT.name}: ${counts.equipment ?? 0} equipment, ${counts.users ?? 0} people`);
    for (let i = 1; i <= plan.small.count; i++) {
      const code = `s${pad(i, 2)}`;
      const name = `${CITIES[i % CITIES.length]}${TRADES[i % TRADES.length]}${i > CITIES.length ? `${Math.ceil(i / CITIES.length)}厂` : ''}有限公司`;
      const t = await newTenant(db, name, `bench-${code}`, `${code}_admin`, opts.password);
      tenants++;
      add(
        await fillFactory(
          db,
          { tenantId: t.companyId, adminId: t.adminId, prefix: code, seed: 100 + i, passwordHash: hash },
          plan.small.size(i),
        ),
      );
    }
    if (plan.small.count) log(`${plan.small.count} small tenants done`);
    // Steady state, as autovacuum leaves a table (the embedded database has none): visibility map and statistics.
    // Every table of the schema, the figures its triggers keep (repair_day_figures, repair_place_days, ...) with
    // the rest: left to autovacuum, a year's ranking of 100,000 machines read the days' table row by row for the
    // first minutes after a generation (850 ms against 250).
    const tables = await db.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r' order by 1`,
    );
    for (const { name } of tables.rows) await db.exec(`vacuum (analyze) "${name}"`);
  }
  const rows = Object.values(counts).reduce((s, n) => s + n, 0);
  const seconds = (Date.now() - started) / 1000;
  return {
    scale: opts.scale,
    tenants,
    counts,
    rows,
    seconds,
    rowsPerSecond: Math.round(rows / Math.max(seconds, 0.001)),
    created: fresh,
  };
}
