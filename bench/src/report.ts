import type { BundleFigures } from './bundle.js';
import type { FileFigures } from './files.js';
import type { GenerateResult } from './generate/index.js';
import type { Figures } from './scenarios.js';
import { serverNodeOptions } from './server.js';

export interface LoadRow {
  db: string;
  scenario: string;
  connections: number;
  f: Figures;
  /** The same SQL through the driver at the same concurrency (equipment and repair order scenarios only). */
  sql: Figures | null;
  bare: Figures;
  rssMb: number;
}

export interface DbReport {
  db: string;
  generated: GenerateResult;
  rows: LoadRow[];
  exported: FileFigures;
  imported: FileFigures;
  firstStartMs: number;
  coldStartMs: number;
}

const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : '-');
/** How far the slowest requests fall behind the typical one (latencies are whole ms: a p50 of 0 counts as 1). */
export const tailRatio = (f: Figures) => Math.round((f.p99 / Math.max(f.p50, 1)) * 100) / 100;
const table = (head: string[], align: string[], body: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${align.join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n');

export function loadTable(rows: LoadRow[]): string {
  return table(
    [
      'database',
      'scenario',
      'conns',
      'req/s',
      'p50 ms',
      'p99 ms',
      'p99 ÷ p50',
      'errors',
      'non-2xx',
      'raw SQL req/s',
      'raw SQL p50',
      'raw SQL p99',
      '÷ raw SQL',
      '÷ bare route',
      'server peak RSS MB',
    ],
    [
      '---',
      '---',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
      '---:',
    ],
    rows.map((r) => [
      r.db,
      r.scenario,
      r.connections,
      r.f.rps,
      r.f.p50,
      r.f.p99,
      tailRatio(r.f).toFixed(2),
      r.f.errors,
      r.f.non2xx,
      r.sql?.rps ?? '-',
      r.sql?.p50 ?? '-',
      r.sql?.p99 ?? '-',
      r.sql ? ratio(r.f.rps, r.sql.rps) : '-',
      r.scenario.startsWith('bare') ? '1.00' : ratio(r.f.rps, r.bare.rps),
      r.rssMb,
    ]),
  );
}

interface Target {
  what: string;
  figure: number;
  unit: string;
  limit: number;
  /** True when the figure must stay below the limit, false when it must reach it. */
  below: boolean;
  /** The limit itself still meets the target (≤ rather than <). */
  inclusive?: boolean;
}

function targets(dbs: DbReport[], bundle: BundleFigures | null, maxConns: number): Target[] {
  const out: Target[] = [];
  const pg = dbs.find((d) => d.db === 'PostgreSQL');
  const page = pg?.rows.find((r) => r.scenario === 'equipment page' && r.connections === maxConns);
  if (page) {
    out.push({
      what: `equipment page p99 at ${maxConns} connections (PostgreSQL)`,
      figure: page.f.p99,
      unit: 'ms',
      limit: 20,
      below: true,
    });
    if (page.sql)
      out.push({
        what: 'equipment page throughput ÷ raw SQL limit (PostgreSQL)',
        figure: Math.round((page.f.rps / page.sql.rps) * 100) / 100,
        unit: '',
        limit: 0.6,
        below: false,
      });
  }
  const orders = pg?.rows.find((r) => r.scenario === 'repair order page' && r.connections === maxConns);
  if (orders?.sql)
    out.push({
      what: `repair order page throughput ÷ raw SQL limit at ${maxConns} connections (PostgreSQL)`,
      figure: Math.round((orders.f.rps / orders.sql.rps) * 100) / 100,
      unit: '',
      limit: 0.85,
      below: false,
    });
  // No request may starve behind the others: the slowest 1% within three times the typical wait.
  const embedded = dbs
    .find((d) => d.db === 'PGlite')
    ?.rows.filter((r) => r.connections === maxConns && !r.scenario.startsWith('bare'));
  if (embedded?.length) {
    const worst = embedded.reduce((a, b) => (tailRatio(b.f) > tailRatio(a.f) ? b : a));
    out.push({
      what: `p99 ≤ 3 × p50 on the embedded database at ${maxConns} connections (worst: ${worst.scenario})`,
      figure: tailRatio(worst.f),
      unit: '',
      limit: 3,
      below: true,
      inclusive: true,
    });
  }
  for (const d of dbs) {
    out.push({
      what: `export of ${d.exported.rows} rows, seconds (${d.db})`,
      figure: Math.round(d.exported.seconds * 10) / 10,
      unit: 's',
      limit: 15,
      below: true,
    });
    out.push({
      what: `export of ${d.exported.rows} rows, server peak RSS (${d.db})`,
      figure: d.exported.peakRssMb,
      unit: 'MB',
      limit: 300,
      below: true,
    });
    out.push({
      what: `import of ${d.imported.rows} rows, seconds (${d.db})`,
      figure: Math.round(d.imported.seconds * 10) / 10,
      unit: 's',
      limit: 10,
      below: true,
    });
    out.push({
      what: `cold start on the generated data (${d.db})`,
      figure: d.coldStartMs,
      unit: 'ms',
      limit: 3000,
      below: true,
    });
  }
  if (bundle) {
    out.push({ what: 'login page JavaScript (gzip)', figure: bundle.loginKb, unit: 'KB', limit: 100, below: true });
    out.push({
      what: 'signed-in shell JavaScript (gzip)',
      figure: bundle.shellKb,
      unit: 'KB',
      limit: 300,
      below: true,
    });
    out.push({
      what: 'largest page beyond the shell (gzip)',
      figure: bundle.largestPage.kb,
      unit: 'KB',
      limit: 200,
      below: true,
    });
  }
  return out;
}

export function report(opts: {
  header: string;
  dbs: DbReport[];
  bundle: BundleFigures | null;
  maxConns: number;
}): string {
  const { dbs, bundle } = opts;
  const gen = table(
    ['database', 'scale', 'tenants', 'rows', 'seconds', 'rows/s'],
    ['---', '---', '---:', '---:', '---:', '---:'],
    dbs.map((d) => [
      d.db,
      d.generated.scale,
      d.generated.tenants,
      d.generated.rows,
      d.generated.seconds.toFixed(1),
      d.generated.rowsPerSecond,
    ]),
  );
  const files = table(
    [
      'database',
      'export rows',
      'export s',
      'server RSS before → peak MB',
      'import rows',
      'import s',
      'server RSS before → peak MB',
    ],
    ['---', '---:', '---:', '---:', '---:', '---:', '---:'],
    dbs.map((d) => [
      d.db,
      d.exported.rows,
      d.exported.seconds.toFixed(1),
      `${d.exported.rssBeforeMb} → ${d.exported.peakRssMb}`,
      d.imported.rows,
      d.imported.seconds.toFixed(1),
      `${d.imported.rssBeforeMb} → ${d.imported.peakRssMb}`,
    ]),
  );
  const starts = table(
    ['database', 'first start on an empty database ms', 'cold start on existing data ms'],
    ['---', '---:', '---:'],
    dbs.map((d) => [d.db, d.firstStartMs, d.coldStartMs]),
  );
  const web = bundle
    ? table(
        ['web JavaScript (gzip)', 'KB'],
        ['---', '---:'],
        [
          [`login page (/login: entry + login page + their imports, ${bundle.loginFiles} files)`, bundle.loginKb],
          ['signed-in shell (entry + layout + their imports)', bundle.shellKb],
          [`largest page beyond the shell (${bundle.largestPage.file})`, bundle.largestPage.kb],
        ],
      )
    : 'web/dist/.vite/manifest.json not found: build the web application first.';
  const goal = table(
    ['target', 'figure', 'target', 'figure ÷ target', 'met'],
    ['---', '---:', '---:', '---:', '---'],
    targets(dbs, bundle, opts.maxConns).map((t) => [
      t.what,
      `${t.figure} ${t.unit}`.trim(),
      `${t.below ? (t.inclusive ? '≤' : '<') : '≥'} ${t.limit} ${t.unit}`.trim(),
      (t.figure / t.limit).toFixed(2),
      (t.below ? t.figure < t.limit || (t.inclusive && t.figure === t.limit) : t.figure >= t.limit) ? 'yes' : 'no',
    ]),
  );
  return [
    opts.header,
    '## Targets',
    goal,
    '## Data generation',
    gen,
    '## HTTP scenarios',
    'Each endpoint beside its limits: the same SQL the engine issues (recorded from the engine call, replayed as one transaction per request through the driver at the same concurrency) and the bare route of the same server. Peak RSS is the server process during that load.',
    loadTable(dbs.flatMap((d) => d.rows)),
    '## Export and import',
    'The export runs as the background job the API queues (request to finished file); the import is one request with a multipart .xlsx. Both run on a server started afresh after the HTTP loads, so its memory shows the file work rather than what the loads left behind. The embedded database lives inside the server process, so its RSS includes the database.',
    files,
    '## Start',
    `From spawning the built server (\`${['node', ...serverNodeOptions(), 'server/dist/main.js'].join(' ')}\`, what \`npm start\` runs after its build; every server of the bench starts so) to the first 200 of \`/health\`; "existing data" is the generated database of the run above.`,
    starts,
    '## Web bundle',
    web,
    '',
  ].join('\n\n');
}
