/**
 * npm run bench:energy (issue 49): meters read every 15 minutes for a year on PostgreSQL (2,000 meters: about 70
 * million readings), then the consumption statements the energy routes run (energy/consumption.ts, through the
 * tenant handle with the reports' planner settings), timed over repeated calls:
 *  - consumption by workshop per day over the year (target < 300 ms p95);
 *  - consumption by meter over a month (target < 300 ms p95).
 * Writes docs/benchmarks-energy.md. Flags: --meters N (default 2000), --days N (365), --every MINUTES (15),
 * --workshops N (20), --reps N (5), --schema NAME (keep and reuse a generated schema), --quick (50 meters, 30 days,
 * writes nothing).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/src/db/index.js';
import { migrate } from '../../server/src/db/migrate.js';
import { consumptionSql } from '../../server/src/domains/energy/consumption.js';
import { rebuildDays } from '../../server/src/domains/energy/days.js';
import { planForReports, withTenant } from '../../server/src/platform/tenancy/tenant-tx.js';
import { commandLine } from './flags.js';
import { newTenant } from './generate/index.js';
import { machineLine } from './machine.js';
import { BENCH_PASSWORD, benchPgUrl, dropBenchSchema, pgReachable, repoRoot } from './server.js';

const { flag, has, command } = commandLine();
const quick = has('quick');
const meters = Number(flag('meters', quick ? '50' : '2000'));
const days = Number(flag('days', quick ? '30' : '365'));
const every = Number(flag('every', '15'));
const workshops = Number(flag('workshops', '20'));
const reps = Number(flag('reps', quick ? '2' : '5'));
const given = flag('schema', '');
const TARGET_MS = 300;
const log = (line: string) => console.error(`[bench:energy] ${line}`);

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!;
};

interface Figure {
  name: string;
  rows: number;
  p50: number;
  p95: number;
}

async function main(): Promise<void> {
  if (!(await pgReachable())) throw new Error(`PostgreSQL at ${benchPgUrl} is not reachable`);
  const schema = given || `bench_energy_${process.pid}`;
  const db = await openDatabase({ databaseUrl: benchPgUrl, databasePoolSize: 4, databaseSchema: schema, dataDir: '' });
  const figures: Figure[] = [];
  let readings = 0;
  let genSeconds = 0;
  let rebuildSeconds = 0;
  let keptDays = 0;
  let placeDays = 0;
  const loadBefore = os.loadavg()[0]!;
  try {
    await migrate(db);
    const has = await db.query<{ id: number }>(`select id from companies where code = 'bench-energy'`);
    let tenantId = Number(has.rows[0]?.id ?? 0);
    if (!tenantId) {
      const started = Date.now();
      tenantId = Number(
        (await newTenant(db, '能耗基准工厂', 'bench-energy', 'energy_admin', BENCH_PASSWORD)).companyId,
      );
      await withTenant(db, tenantId, null, async (tx) => {
        await tx.query(
          `insert into workshops (tenant_id, workshopcode, workshopname, state, ismul, sort)
           select $1, 'BW' || lpad(g::text, 3, '0'), '基准车间' || g, 1, 0, g from generate_series(1, $2::int) g`,
          [tenantId, workshops],
        );
        await tx.query(
          `insert into energy_meters (tenant_id, code, name, energy_type, unit, workshop_id, multiplier)
           select $1, 'BM' || lpad(g::text, 5, '0'), '基准电表' || g, 'electricity', 'kWh',
                  (select id from workshops w where w.tenant_id = $1 order by id offset (g % $3) limit 1), 1
             from generate_series(1, $2::int) g`,
          [tenantId, meters, workshops],
        );
        await tx.query(
          `insert into energy_tariffs (tenant_id, code, name, energy_type, valid_from, periods)
           values ($1, 'BT', '基准分时电价', 'electricity', current_date - 400,
                   '[{"kind":"valley","start":"00:00","end":"08:00","price":"0.32"},
                     {"kind":"peak","start":"08:00","end":"22:00","price":"1.02"},
                     {"kind":"flat","start":"22:00","end":"24:00","price":"0.65"}]'::jsonb)`,
          [tenantId],
        );
      });
      // The readings in batches of meters, each its own statement: a meter's register climbs by its use per slot.
      const ids = (
        await db.query<{ id: number }>('select id from energy_meters where tenant_id = $1 order by id', [tenantId])
      ).rows.map((r) => Number(r.id));
      const BATCH = 50;
      for (let i = 0; i < ids.length; i += BATCH) {
        await withTenant(db, tenantId, null, (tx) =>
          tx.query(
            `insert into energy_readings (tenant_id, meter_id, read_at, value, kind, source)
             select $1, m, ts,
                    round(1000 + sum(0.5 + (abs(hashtext(m::text || ts::text)) % 100) / 50.0)
                                   over (partition by m order by ts), 4),
                    'normal', 'machine'
               from unnest($2::bigint[]) m
              cross join generate_series(date_trunc('day', now()) - make_interval(days => $3::int),
                                         date_trunc('day', now()) - interval '1 minute',
                                         make_interval(mins => $4::int)) ts`,
            [tenantId, ids.slice(i, i + BATCH), days, every],
          ),
        );
        log(`readings of ${Math.min(i + BATCH, ids.length)} / ${ids.length} meters`);
      }
      await db.query('analyze energy_readings');
      genSeconds = (Date.now() - started) / 1000;
    }
    // The kept day figures from the readings, as the rebuild route writes them (a batch of 50 meters a statement).
    const kept = await db.query<{ n: string }>('select count(*) as n from energy_meter_days where tenant_id = $1', [
      tenantId,
    ]);
    if (Number(kept.rows[0]!.n) === 0) {
      const started = Date.now();
      await withTenant(db, tenantId, null, (tx) => rebuildDays(tx));
      await db.query('vacuum analyze energy_meter_days');
      await db.query('vacuum analyze energy_place_days');
      rebuildSeconds = (Date.now() - started) / 1000;
      log(`kept days rebuilt in ${rebuildSeconds.toFixed(0)} s`);
    }
    // The planner's statistics of what the bench wrote (a live database's autovacuum keeps them).
    await db.query('analyze energy_meters');
    await db.query('analyze workshops');
    keptDays = Number(
      (await db.query<{ n: string }>('select count(*) as n from energy_meter_days where tenant_id = $1', [tenantId]))
        .rows[0]!.n,
    );
    placeDays = Number(
      (await db.query<{ n: string }>('select count(*) as n from energy_place_days where tenant_id = $1', [tenantId]))
        .rows[0]!.n,
    );
    readings = Number(
      (await db.query<{ n: string }>('select count(*) as n from energy_readings where tenant_id = $1', [tenantId]))
        .rows[0]!.n,
    );
    log(`${readings} readings`);
    const today = new Date().toISOString().slice(0, 10);
    const shift = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const meterId = Number(
      (
        await db.query<{ id: number }>('select id from energy_meters where tenant_id = $1 order by id limit 1', [
          tenantId,
        ])
      ).rows[0]!.id,
    );
    const cases = [
      {
        name: `consumption by workshop per day over ${days} days`,
        q: { from: shift(-days), to: shift(-1), bucket: 'day', groupBy: 'workshop', energyType: 'electricity' },
      },
      {
        name: 'consumption by meter per day over a month',
        q: { from: shift(-30), to: shift(-1), bucket: 'day', groupBy: 'meter', energyType: 'electricity', meterId },
      },
      {
        name: 'consumption by meter over a month (every meter)',
        q: { from: shift(-30), to: shift(-1), bucket: 'all', groupBy: 'meter', energyType: 'electricity' },
      },
    ] as const;
    for (const c of cases) {
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < reps; i++) {
        const started = performance.now();
        rows = await withTenant(db, tenantId, null, async (tx) => {
          await planForReports(tx);
          const { text, values } = consumptionSql({ ...c.q, timeZone: 'Asia/Shanghai' }, tenantId);
          return (await tx.query(text, values)).rows.length;
        });
        times.push(performance.now() - started);
      }
      const s = [...times].sort((a, b) => a - b);
      figures.push({ name: c.name, rows, p50: s[Math.floor(s.length / 2)]!, p95: p95(times) });
      log(`${c.name}: ${rows} rows, p95 ${p95(times).toFixed(0)} ms`);
    }
  } finally {
    await db.close();
    if (!given) {
      await dropBenchSchema(schema);
    }
  }
  const lines = [
    '# Energy benchmarks',
    '',
    `Written by \`${command('bench:energy')}\` on ${new Date().toISOString().slice(0, 10)}. ${machineLine(loadBefore)}`,
    '',
    `Data: ${meters} electricity meters in ${workshops} workshops read every ${every} minutes for ${days} days: ${readings.toLocaleString('en')} readings${genSeconds ? ` (generated in ${genSeconds.toFixed(0)} s)` : ''}, ${keptDays.toLocaleString('en')} kept day figures (energy_meter_days${rebuildSeconds ? `, rebuilt from the readings in ${rebuildSeconds.toFixed(0)} s with their place figures` : ''}), ${placeDays.toLocaleString('en')} kept place figures (energy_place_days). Each statement is the one the route runs (energy/consumption.ts: days, months and whole periods from the kept days, those by place from the place figures), through the tenant handle with the reports' planner settings, ${reps} calls each.`,
    '',
    '| Statement | Rows | p50 ms | p95 ms | Target p95 ms | Met |',
    '|---|---:|---:|---:|---:|---|',
    ...figures.map(
      (f) =>
        `| ${f.name} | ${f.rows} | ${f.p50.toFixed(0)} | ${f.p95.toFixed(0)} | ${TARGET_MS} | ${f.p95 < TARGET_MS ? 'yes' : 'no'} |`,
    ),
    '',
  ];
  if (quick) console.log(lines.join('\n'));
  else fs.writeFileSync(path.join(repoRoot, 'docs', 'benchmarks-energy.md'), lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
