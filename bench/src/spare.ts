/**
 * npm run bench:spare (issue 13): a tenant with a year of spare stock (5,000 parts in 4 warehouses, about 2 million
 * movements, issues tied to its repair orders) on PostgreSQL. Then, over HTTP on the built server:
 *  - posting issues of one hot part at 1, 10 and 50 connections (the workflow's post: row locks, movement, bin,
 *    average cost), with the stock checked against its movements afterwards and the server's deadlocks counted;
 *  - a drain: more issues of a scarce part than it has, posted 50 at a time: exactly the stock goes out, the rest
 *    is refused with the translated message, nothing goes below zero;
 *  - the stock list and the movement list at 1, 10 and 50 connections beside their raw-SQL limit (the engine's
 *    statements replayed through the driver).
 * Writes docs/benchmarks-spare.md. Flags: --moves N, --quick (20,000 movements, 1 s loads, 1 and 10 connections,
 * writes nothing), --keep (keeps the schema), --connections 1,10,50, --seconds N.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../server/src/db/index.js';
import { migrate } from '../../server/src/db/migrate.js';
import { saveDoc } from '../../server/src/domains/spare/documents.js';
import { docEntity, moveEntity, stockEntity } from '../../server/src/domains/spare/resources.js';
import { hashPassword } from '../../server/src/platform/auth/password.js';
import { pageRows, readContext } from '../../server/src/platform/resources/read.js';
import type { EntityDef } from '../../server/src/platform/resources/types.js';
import { type TenantTx, withTenant } from '../../server/src/platform/tenancy/tenant-tx.js';
import { runAction } from '../../server/src/platform/workflow/run.js';
import { seed } from '../../server/src/seed/index.js';
import { commandLine } from './flags.js';
import { fillFactory } from './generate/factory.js';
import { newTenant } from './generate/index.js';
import { WORKSHOPS } from './generate/vocabulary.js';
import { machineLine } from './machine.js';
import { recordStatements, replayLoad } from './raw-sql.js';
import { type Figures, load, preflight, type Scenario } from './scenarios.js';
import { BENCH_PASSWORD, benchPgUrl, jobsAtRest, login, pgReachable, repoRoot, startServer } from './server.js';

const { flag, has, command } = commandLine();
const quick = has('quick');
const moves = Number(flag('moves', quick ? '20000' : '2000000'));
const seconds = Number(flag('seconds', quick ? '1' : '5'));
const connections = flag('connections', quick ? '1,10' : '1,10,50')
  .split(',')
  .map(Number);
const PAGE = 20;
const POOL = 20;
const DRAIN_CONNECTIONS = 50;
const log = (line: string) => console.error(`[bench:spare] ${line}`);

interface Pair {
  partId: number;
  partCode: string;
  warehouseId: number;
  binId: number | null;
}

interface Target {
  tenantId: number;
  adminId: number;
  admin: string;
  counts: { moves: number; docs: number; stocks: number; seconds: number };
  hot: Pair;
  scarce: Pair & { onHand: number };
}

/** Approved issues of one unit of a pair, as an approver would leave them (reserved when asked); their ids. */
async function approvedIssues(tx: TenantTx, pair: Pair, count: number, tag: string, reserve: boolean) {
  const r = await tx.query<{ id: number }>(
    `with docs as (
       insert into spare_docs(tenant_id, code, type, reason, warehouse_id, cost_centre, doc_date, state, total_quantity,
         submitter_id, submitted_at, approver_id, approved_at, remark)
       select $1, 'CK' || to_char(now(), 'YYYYMMDD') || '-' || $5::text || lpad(g::text, 6, '0'), 'issue', 'costCentre', $3,
              'CC-100', now(), 'approved', 1, $6, now(), $6, now(), '基准领用'
         from generate_series(1, $4::int) g
       returning id),
     lines as (
       insert into spare_doc_lines(tenant_id, doc_id, spare_part_id, quantity, bin_id)
       select $1, id, $2, 1, $7 from docs returning doc_id)
     select doc_id as id from lines order by doc_id`,
    [tx.tenantId, pair.partId, pair.warehouseId, count, tag, tx.userId, pair.binId],
  );
  if (reserve)
    await tx.query(
      'update spare_stocks set reserved = reserved + $4 where tenant_id = $1 and spare_part_id = $2 and warehouse_id = $3',
      [tx.tenantId, pair.partId, pair.warehouseId, count],
    );
  return r.rows.map((x) => Number(x.id));
}

/** A purchase receipt of a pair through the product's own path: saved, submitted, approved, posted. */
async function receive(tx: TenantTx, pair: Pair, quantity: number): Promise<void> {
  const doc = await saveDoc(tx, 'zh', {
    type: 'receipt',
    reason: 'purchase',
    warehouseId: pair.warehouseId,
    remark: '基准入库',
    lines: [{ sparePartId: pair.partId, quantity, unitCost: '20.00', binId: pair.binId }],
  });
  for (const name of ['submit', 'approve', 'post'])
    await runAction(tx, docEntity, name, doc.id, {}, 'zh', { system: true });
}

async function pairOf(tx: TenantTx, order: string): Promise<Pair & { onHand: number }> {
  const r = await tx.query<{
    spare_part_id: number;
    code: string;
    warehouse_id: number;
    bin_id: number | null;
    on_hand: string;
  }>(
    `select s.spare_part_id, p.code, s.warehouse_id, b.bin_id, s.on_hand
       from spare_stocks s join spare_parts p on p.tenant_id = s.tenant_id and p.id = s.spare_part_id
       join spare_bin_stocks b on b.tenant_id = s.tenant_id and b.spare_part_id = s.spare_part_id
        and b.warehouse_id = s.warehouse_id
      where s.tenant_id = $1 order by ${order} limit 1`,
    [tx.tenantId],
  );
  const x = r.rows[0]!;
  return {
    partId: Number(x.spare_part_id),
    partCode: x.code,
    warehouseId: Number(x.warehouse_id),
    binId: x.bin_id === null ? null : Number(x.bin_id),
    onHand: Number(x.on_hand),
  };
}

async function build(db: Database): Promise<Target> {
  await migrate(db);
  await seed(db, { seedAdminPassword: BENCH_PASSWORD, databaseUrl: '', demoHistory: false });
  const admin = `spr${process.pid}`;
  const t = await newTenant(db, '华东备件基准有限公司', `bench-spare-${process.pid}`, admin, BENCH_PASSWORD);
  log(`generating ${moves.toLocaleString('en-US')} movements`);
  const started = Date.now();
  await fillFactory(
    db,
    {
      tenantId: t.companyId,
      adminId: t.adminId,
      prefix: admin,
      seed: 13,
      passwordHash: await hashPassword(BENCH_PASSWORD),
    },
    {
      workshops: WORKSHOPS,
      linesPer: 4,
      equipment: 2_000,
      moulds: 0,
      users: 40,
      repairOrders: quick ? 2_000 : 50_000,
      spare: { parts: quick ? 300 : 5_000, warehouses: 4, moves },
    },
    (table, n) => log(`  ${table}: +${n}`),
  );
  const genSeconds = Math.round((Date.now() - started) / 100) / 10;
  for (const table of [
    'spare_docs',
    'spare_doc_lines',
    'spare_moves',
    'spare_stocks',
    'spare_bin_stocks',
    'spare_parts',
  ])
    await db.exec(`vacuum (analyze) "${table}"`);
  return withTenant(db, t.companyId, t.adminId, async (tx) => {
    const c = await tx.query<{ moves: string; docs: string; stocks: string }>(
      `select (select count(*) from spare_moves where tenant_id = $1) as moves,
              (select count(*) from spare_docs where tenant_id = $1) as docs,
              (select count(*) from spare_stocks where tenant_id = $1) as stocks`,
      [tx.tenantId],
    );
    const hot = await pairOf(tx, 's.spare_part_id, s.warehouse_id');
    const scarce = await pairOf(tx, 's.on_hand, s.spare_part_id desc');
    return {
      tenantId: t.companyId,
      adminId: t.adminId,
      admin,
      counts: {
        moves: Number(c.rows[0]!.moves),
        docs: Number(c.rows[0]!.docs),
        stocks: Number(c.rows[0]!.stocks),
        seconds: genSeconds,
      },
      hot,
      scarce,
    };
  });
}

interface PairState {
  onHand: number;
  reserved: number;
  moved: number;
  lastBalance: number;
  bins: number;
  negative: number;
}

/** The pair's stock beside its movements and bins, and any stock of the tenant below zero. */
async function stateOf(db: Database, t: Target, pair: Pair): Promise<PairState> {
  return withTenant(db, t.tenantId, t.adminId, async (tx) => {
    const r = await tx.query<Record<keyof PairState, string>>(
      `select s.on_hand as "onHand", s.reserved,
              (select sum(quantity) from spare_moves m where m.tenant_id = $1 and m.spare_part_id = $2
                  and m.warehouse_id = $3) as moved,
              (select balance from spare_moves m where m.tenant_id = $1 and m.spare_part_id = $2 and m.warehouse_id = $3
                order by m.id desc limit 1) as "lastBalance",
              (select sum(quantity) from spare_bin_stocks b where b.tenant_id = $1 and b.spare_part_id = $2
                  and b.warehouse_id = $3) as bins,
              (select count(*) from spare_stocks x where x.tenant_id = $1 and (x.on_hand < 0 or x.reserved < 0)) as negative
         from spare_stocks s where s.tenant_id = $1 and s.spare_part_id = $2 and s.warehouse_id = $3`,
      [tx.tenantId, pair.partId, pair.warehouseId],
    );
    const x = r.rows[0]!;
    return {
      onHand: Number(x.onHand),
      reserved: Number(x.reserved),
      moved: Number(x.moved),
      lastBalance: Number(x.lastBalance),
      bins: Number(x.bins),
      negative: Number(x.negative),
    };
  });
}

const agrees = (s: PairState) =>
  s.onHand === s.moved && s.onHand === s.lastBalance && s.onHand === s.bins && s.negative === 0 && s.onHand >= 0;

async function deadlocks(db: Database): Promise<number> {
  const r = await db.query<{ n: string }>(
    'select deadlocks as n from pg_stat_database where datname = current_database()',
  );
  return Number(r.rows[0]?.n ?? 0);
}

interface PostRow {
  connections: number;
  f: Figures;
  posted: number;
}

interface Drain {
  docs: number;
  stock: number;
  posted: number;
  refused: number;
  other: number;
  ms: number;
  after: PairState;
  message: string;
}

interface ListRow {
  scenario: Scenario;
  connections: number;
  http: Figures | null;
  sql: Figures;
}

interface Result {
  target: Target;
  posts: PostRow[];
  hotBefore: PairState;
  hotAfter: PairState;
  deadlocks: number;
  drain: Drain;
  lists: ListRow[];
}

function lists(t: Target): (Scenario & { entity: EntityDef; input: Record<string, unknown> })[] {
  const wh = t.hot.warehouseId;
  return [
    { name: 'stock list', entity: stockEntity, path: '/api-manage/spareparts/inventory', input: {}, query: '' },
    {
      name: 'stock list: warehouse + below minimum',
      entity: stockEntity,
      path: '/api-manage/spareparts/inventory',
      input: { warehouseId: wh, belowMin: true },
      query: `&warehouseId=${wh}&belowMin=true`,
    },
    {
      name: 'movement list',
      entity: moveEntity,
      path: '/api-manage/maintainsparepart/spareRecordList',
      input: {},
      query: '',
    },
    {
      name: 'movement list: one part',
      entity: moveEntity,
      path: '/api-manage/maintainsparepart/spareRecordList',
      input: { sparePartId: t.hot.partId },
      query: `&sparePartId=${t.hot.partId}`,
    },
  ].map((x) => ({
    name: x.name,
    entity: x.entity,
    input: x.input,
    path: `${x.path}?page=1&limit=${PAGE}${x.query}`,
    auth: true,
  }));
}

/** Posts every id once, `width` at a time, and sorts the answers: posted, refused for stock, anything else. */
async function drainPosts(url: string, token: string, ids: number[], width: number) {
  let next = 0;
  let posted = 0;
  let refused = 0;
  let other = 0;
  let message = '';
  const started = performance.now();
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const r = await fetch(`${url}/api-manage/spareparts/doc/post`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ id }),
      });
      const body = (await r.json().catch(() => ({}))) as { rtnCode?: number; msg?: string };
      if (r.status === 200 && body.rtnCode === 200) posted++;
      else if (r.status === 200 && body.rtnCode === 201 && body.msg?.includes('库存不足')) {
        refused++;
        message = body.msg;
      } else other++;
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return { posted, refused, other, message, ms: Math.round(performance.now() - started) };
}

async function run(db: Database, place: { databaseUrl: string; schema: string }): Promise<Result> {
  const target = await build(db);
  log(`tenant: ${target.counts.moves} movements, ${target.counts.docs} documents, ${target.counts.stocks} stock rows`);
  // Enough approved issues for every post of every load (a second post of one document would be refused).
  const perLoad = quick ? 5_000 : 20_000;
  const hotIds = await withTenant(db, target.tenantId, target.adminId, async (tx) => {
    await receive(tx, target.hot, perLoad * connections.length + 1_000);
    return approvedIssues(tx, target.hot, perLoad * connections.length, 'H', true);
  });
  const drainDocs = target.scarce.onHand + 100;
  const drainIds = await withTenant(db, target.tenantId, target.adminId, (tx) =>
    approvedIssues(tx, target.scarce, drainDocs, 'S', false),
  );
  const limits = new Map<string, Figures>();
  const scenarios = lists(target);
  for (const s of scenarios) {
    const statements = await recordStatements(db, target.tenantId, target.adminId, async (tx) =>
      pageRows(tx, await readContext(tx, s.entity, 'zh'), s.input, 1, PAGE),
    );
    for (const c of connections) {
      log(`raw SQL of ${s.name} at ${c}`);
      limits.set(`${s.name}@${c}`, await replayLoad(db, statements, c, seconds));
    }
  }
  const hotBefore = await stateOf(db, target, target.hot);
  const deadlocksBefore = await deadlocks(db);
  const server = await startServer({ ...place, poolSize: POOL });
  const posts: PostRow[] = [];
  const listRows: ListRow[] = [];
  let drain: Omit<Drain, 'after' | 'docs' | 'stock'>;
  try {
    await jobsAtRest(server.url);
    const token = await login(server.url, target.admin);
    let next = 0;
    const post: Scenario = {
      name: 'post an issue of one part',
      method: 'POST',
      path: '/api-manage/spareparts/doc/post',
      auth: true,
      bodies: () => ({ id: hotIds[next++] }),
    };
    await preflight(server.url, post, token);
    for (const c of connections) {
      log(`posting at ${c}`);
      const before = next;
      const f = await load(server.url, post, c, seconds, token);
      posts.push({ connections: c, f, posted: next - before });
    }
    log(`drain: ${drainDocs} issues of ${target.scarce.onHand} in stock at ${DRAIN_CONNECTIONS}`);
    drain = await drainPosts(server.url, token, drainIds, DRAIN_CONNECTIONS);
    for (const s of scenarios) await preflight(server.url, s, token);
    for (const s of scenarios)
      for (const c of connections) {
        log(`${s.name} at ${c}`);
        const http = await load(server.url, s, c, seconds, token);
        listRows.push({ scenario: s, connections: c, http, sql: limits.get(`${s.name}@${c}`)! });
      }
  } finally {
    await server.stop();
  }
  return {
    target,
    posts,
    hotBefore,
    hotAfter: await stateOf(db, target, target.hot),
    deadlocks: (await deadlocks(db)) - deadlocksBefore,
    drain: {
      ...drain,
      docs: drainDocs,
      stock: target.scarce.onHand,
      after: await stateOf(db, target, target.scarce),
    },
    lists: listRows,
  };
}

/** What must hold after the loads; each failure is named. */
function failures(r: Result): string[] {
  const out: string[] = [];
  const posted = r.hotBefore.onHand - r.hotAfter.onHand;
  if (!agrees(r.hotAfter))
    out.push(`hot part: stock, movements, last balance and bins disagree ${JSON.stringify(r.hotAfter)}`);
  if (r.hotAfter.reserved !== r.hotBefore.reserved - posted) out.push('hot part: reservations not released by posting');
  if (r.deadlocks) out.push(`${r.deadlocks} deadlocks`);
  for (const p of r.posts)
    if (p.f.errors || p.f.non2xx) out.push(`posting at ${p.connections}: ${p.f.errors + p.f.non2xx} errors`);
  const d = r.drain;
  if (d.posted !== d.stock || d.refused !== d.docs - d.stock || d.other)
    out.push(`drain: ${d.posted} posted, ${d.refused} refused, ${d.other} other of ${d.docs} with ${d.stock} in stock`);
  if (d.after.onHand !== 0 || !agrees(d.after)) out.push(`drain: stock after ${JSON.stringify(d.after)}`);
  return out;
}

function report(r: Result, header: string, failed: string[]): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const t = r.target;
  const d = r.drain;
  return [
    header,
    '',
    `Data: one tenant with ${n(t.counts.moves)} stock movements in ${n(t.counts.docs)} posted documents over the last year, ${n(t.counts.stocks)} stock rows (parts × warehouses), issues tied to its repair orders; generated in ${t.counts.seconds} s by bench/src/generate/spare.ts (the large scale of \`npm run generate\` gives its big tenant the same store).`,
    '',
    `Posting issues of one part (${t.hot.partCode}, one unit each, approved beforehand) over HTTP, each load ${seconds} s: every post locks the same stock row and bin, writes a movement with the balance after it and moves the average cost. Latencies in ms.`,
    '',
    '| Connections | Posts/s | p50 | p99 | Posted | Errors |',
    '|---|---|---|---|---|---|',
    ...r.posts.map(
      (p) =>
        `| ${p.connections} | ${n(p.f.rps)} | ${p.f.p50} | ${p.f.p99} | ${n(p.posted)} | ${p.f.errors + p.f.non2xx} |`,
    ),
    '',
    `After the loads: on hand ${n(r.hotAfter.onHand)} = the sum of its movements ${n(r.hotAfter.moved)} = the last balance ${n(r.hotAfter.lastBalance)} = its bins ${n(r.hotAfter.bins)}; reserved ${n(r.hotAfter.reserved)}; stock rows below zero: ${r.hotAfter.negative}; deadlocks on the server during the run: ${r.deadlocks}.`,
    '',
    `Drain: ${n(d.docs)} approved issues of one unit of ${t.scarce.partCode}, which has ${n(d.stock)} on hand, posted ${DRAIN_CONNECTIONS} at a time: ${n(d.posted)} posted, ${n(d.refused)} refused (${d.message || '—'}), ${d.other} other answers, in ${n(d.ms)} ms; on hand after: ${d.after.onHand}.`,
    '',
    `The lists (${PAGE} rows) over HTTP, each load ${seconds} s, beside their limit: the same SQL the engine issues, replayed through the driver with as many transactions in flight (pool ${POOL}). Latencies in ms.`,
    '',
    '| List | Connections | HTTP req/s | p50 | p99 | Errors | Raw SQL req/s | p50 | p99 | HTTP of raw SQL |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...r.lists.map(({ scenario, connections: c, http, sql }) => {
      const h = http ?? { rps: 0, p50: 0, p99: 0, errors: 0, non2xx: 0 };
      const share = sql.rps ? `${Math.round((100 * h.rps) / sql.rps)} %` : '—';
      return `| ${scenario.name} | ${c} | ${n(h.rps)} | ${h.p50} | ${h.p99} | ${h.errors + h.non2xx} | ${n(sql.rps)} | ${sql.p50} | ${sql.p99} | ${share} |`;
    }),
    '',
    failed.length ? `**Failed:** ${failed.join('; ')}.` : 'Every check held.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  if (!(await pgReachable())) throw new Error(`PostgreSQL at ${benchPgUrl} is not reachable`);
  const loadBefore = os.loadavg()[0]!;
  const schema = `bench_spare_${process.pid}`;
  const db = await openDatabase({
    databaseUrl: benchPgUrl,
    databasePoolSize: POOL,
    databaseSchema: schema,
    dataDir: '',
  });
  let r: Result;
  try {
    r = await run(db, { databaseUrl: benchPgUrl, schema });
  } finally {
    if (!has('keep')) await db.exec(`drop schema if exists "${schema}" cascade`);
    await db.close();
  }
  const header = [
    machineLine(loadBefore),
    `Date: ${new Date().toISOString()}. Command: \`${command('bench:spare')}\`. Database: PostgreSQL (pool ${POOL}).`,
  ].join(' ');
  const failed = failures(r);
  const text = report(r, header, failed);
  console.log(text);
  if (!quick) {
    const doc = path.join(repoRoot, 'docs', 'benchmarks-spare.md');
    fs.writeFileSync(
      doc,
      `# Benchmark: spare stock posting and lists\n\nProduced by \`npm run bench:spare\` (bench/src/spare.ts). Targets (issue 13): posting an issue at 50 connections on one hot part with no negative stock and no deadlock, throughput reported; the stock list beside its raw-SQL limit.\n\n${text}`,
    );
    log(`written ${path.relative(repoRoot, doc)}`);
  }
  if (failed.length) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
