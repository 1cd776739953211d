import { headerKey } from '../../platform/excel/cells.js';
import { type Cell, readSheet, SheetTooLargeError } from '../../platform/excel/read.js';
import { importTemplate, type TemplateColumn } from '../../platform/excel/template.js';
import { AppError, businessError } from '../../platform/http/errors.js';
import { type Lang, languages, t } from '../../platform/i18n/index.js';
import { tenantTimeZone } from '../../platform/reports/filters.js';
import { readContext } from '../../platform/resources/read.js';
import { guideTexts } from '../../platform/resources/template.js';
import type { ImportIssue } from '../../platform/resources/wire.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { withoutMessages } from '../../platform/workflow/notify.js';
import { runAction } from '../../platform/workflow/run.js';
import { reportRepair } from './report.js';
import { labourEntity, repairEntity, URGENCIES } from './resources.js';

/*
 * Closed repair orders of the past from a spreadsheet (the orders a factory kept before it came here), so
 * MTBF, MTTR and the fault reports start with their history. Each row is made through the same service as
 * people's work — reported, taken, started, its labour booked, finished with its fault reason and accepted,
 * as system steps — and then dated back, as the demo factory's history is. Nobody is told and no approval
 * starts. Times are the tenant's wall-clock times. Any bad row imports nothing.
 */

export const HISTORY_MAX_ROWS = 2_000;
const MAX_REPORTED = 1_000;

type Kind = 'text' | 'datetime' | 'choice' | 'bool' | 'number';
interface Column {
  field: string;
  kind: Kind;
  required?: boolean;
  max?: number;
}

const COLUMNS: readonly Column[] = [
  { field: 'equipment', kind: 'text', required: true, max: 100 },
  { field: 'phenomenon', kind: 'text', required: true, max: 2000 },
  { field: 'urgency', kind: 'choice' },
  { field: 'stopped', kind: 'bool' },
  { field: 'reportedAt', kind: 'datetime', required: true },
  { field: 'startedAt', kind: 'datetime' },
  { field: 'finishedAt', kind: 'datetime', required: true },
  { field: 'faultReason', kind: 'text', required: true, max: 100 },
  { field: 'remedy', kind: 'text', max: 2000 },
  { field: 'technician', kind: 'text', max: 50 },
  { field: 'labourHours', kind: 'number', max: 1000 },
];

const label = (field: string, lang: Lang) => t(lang, `repair.history.columns.${field}`);
const urgencyLabel = (value: string, lang: Lang) => t(lang, `repair.maintaintask.options.urgency.${value}`);
const yesNo = (lang: Lang) => [t(lang, 'repair.history.yes'), t(lang, 'repair.history.no')] as const;

/** The import template: the columns in the caller's language, drop-downs for urgency and stopped, the guide. */
export async function historyTemplate(lang: Lang): Promise<Buffer> {
  const title = t(lang, 'repair.history.title');
  const example: Record<string, unknown> = {
    equipment: 'SB-001',
    phenomenon: t(lang, 'repair.history.example.phenomenon'),
    urgency: urgencyLabel('normal', lang),
    stopped: yesNo(lang)[0],
    reportedAt: '2025-03-01 08:30',
    startedAt: '2025-03-01 09:00',
    finishedAt: '2025-03-01 11:15',
    faultReason: t(lang, 'repair.history.example.faultReason'),
    remedy: t(lang, 'repair.history.example.remedy'),
    technician: 'zhangsan',
    labourHours: 2.5,
  };
  return importTemplate(
    title,
    COLUMNS.map((c): TemplateColumn => {
      const list =
        c.kind === 'choice' ? URGENCIES.map((u) => urgencyLabel(u, lang)) : c.kind === 'bool' ? [...yesNo(lang)] : null;
      return {
        header: `${label(c.field, lang)}${c.required ? '*' : ''}`,
        required: !!c.required,
        type: t(lang, `repair.history.types.${c.kind}`),
        rules: t(lang, `repair.history.rules.${c.field}`),
        example: example[c.field],
        ...(list ? { list: { values: list, strict: true } } : {}),
      };
    }),
    guideTexts(lang, title),
  );
}

interface Parsed {
  row: number;
  equipment: string;
  phenomenon: string;
  urgency: string;
  stopped: boolean;
  reportedAt: string;
  startedAt: string | null;
  finishedAt: string;
  faultReason: string;
  remedy: string | null;
  technician: string | null;
  labourHours: number | null;
}

/** A cell as the wall-clock text 'YYYY-MM-DD HH:MM:SS' (Excel dates are read as UTC-coded wall-clock). */
function wallClock(v: Cell): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 19).replace('T', ' ');
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(String(v).trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const date = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s));
  if (date.getUTCMonth() !== +mo! - 1 || date.getUTCDate() !== +d! || +h > 23) return null;
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

class Problems {
  readonly list: ImportIssue[] = [];
  constructor(
    private readonly lang: Lang,
    private readonly headers: Map<string, string>,
  ) {}
  add(row: number, field: string, key: string, params: Record<string, unknown> = {}) {
    const name = label(field, this.lang);
    this.list.push({
      row,
      column: this.headers.get(field) ?? name,
      field,
      message: t(this.lang, key, { label: name, ...params }),
    });
  }
  failed(): AppError {
    const sorted = [...this.list].sort((a, b) => a.row - b.row);
    return new AppError(
      'business',
      'resources.importFailed',
      { count: sorted.length },
      undefined,
      sorted.slice(0, MAX_REPORTED),
    );
  }
}

function parse(cells: Map<number, Cell>, row: number, at: Map<string, number>, p: Problems) {
  const out: Record<string, unknown> = { row };
  const v = (c: Column) => {
    const col = at.get(c.field);
    return col === undefined ? undefined : cells.get(col);
  };
  for (const c of COLUMNS) {
    const raw = v(c);
    if (raw === undefined || raw === null || String(raw).trim() === '') {
      if (c.required) p.add(row, c.field, 'resources.validation.required');
      out[c.field] = null;
      continue;
    }
    const text = raw instanceof Date ? raw.toISOString() : String(raw).trim();
    if (c.kind === 'text') {
      if (c.max && text.length > c.max) p.add(row, c.field, 'resources.validation.maxLength', { limit: c.max });
      out[c.field] = text;
    } else if (c.kind === 'datetime') {
      const w = wallClock(raw);
      if (!w) p.add(row, c.field, 'resources.validation.datetime');
      out[c.field] = w;
    } else if (c.kind === 'number') {
      const n = Number(text);
      if (!Number.isFinite(n)) p.add(row, c.field, 'resources.validation.number');
      else if (n < 0) p.add(row, c.field, 'resources.validation.min', { limit: 0 });
      else if (c.max !== undefined && n > c.max) p.add(row, c.field, 'resources.validation.max', { limit: c.max });
      out[c.field] = n;
    } else if (c.kind === 'bool') {
      const k = headerKey(text);
      const yes = languages.some((l) => headerKey(yesNo(l)[0]) === k) || ['1', 'true', 'y', 'yes'].includes(k);
      const no = languages.some((l) => headerKey(yesNo(l)[1]) === k) || ['0', 'false', 'n', 'no'].includes(k);
      if (!yes && !no) p.add(row, c.field, 'resources.validation.boolean');
      out[c.field] = yes;
    } else {
      const k = headerKey(text);
      const hit = URGENCIES.find(
        (u) => k === headerKey(u) || languages.some((l) => headerKey(urgencyLabel(u, l)) === k),
      );
      if (!hit) p.add(row, c.field, 'resources.validation.enum');
      out[c.field] = hit ?? null;
    }
  }
  out.urgency ??= 'normal';
  out.stopped ??= false;
  return out as unknown as Parsed;
}

const chronological = (a: string | null, b: string | null) => !a || !b || a <= b;

/** Imports the file's orders in the caller's transaction; returns how many were made. */
export async function importHistory(tx: TenantTx, data: Buffer, lang: Lang): Promise<number> {
  let sheet: Awaited<ReturnType<typeof readSheet>>;
  try {
    sheet = await readSheet(data, HISTORY_MAX_ROWS);
  } catch (err) {
    if (err instanceof SheetTooLargeError) throw businessError('resources.importTooMany', { max: HISTORY_MAX_ROWS });
    throw businessError('resources.importBadFile');
  }
  const at = new Map<string, number>();
  const headers = new Map<string, string>();
  for (const [col, header] of sheet.headers) {
    const key = headerKey(header.replace(/\*$/, ''));
    const c = COLUMNS.find(
      (x) => key === headerKey(x.field) || languages.some((l) => headerKey(label(x.field, l)) === key),
    );
    if (c && !at.has(c.field)) {
      at.set(c.field, col);
      headers.set(c.field, header);
    }
  }
  if (at.size === 0) throw businessError('resources.importNoColumns');
  if (sheet.rows.length === 0) throw businessError('resources.importEmpty');

  const p = new Problems(lang, headers);
  const rows = sheet.rows.map((r) => parse(r.cells, r.row, at, p));
  for (const r of rows) {
    if (!chronological(r.reportedAt, r.startedAt))
      p.add(r.row, 'startedAt', 'repair.history.errors.before', { other: label('reportedAt', lang) });
    if (!chronological(r.startedAt ?? r.reportedAt, r.finishedAt))
      p.add(r.row, 'finishedAt', 'repair.history.errors.before', {
        other: label(r.startedAt ? 'startedAt' : 'reportedAt', lang),
      });
  }

  // The tenant's wall-clock times as instants, and the past only.
  const zone = await tenantTimeZone(tx);
  const walls = rows.flatMap((r) => [r.reportedAt, r.startedAt, r.finishedAt]).map((w) => w ?? null);
  const instants = await tx.query<{ at: string | null; future: boolean | null }>(
    `select to_char((w::timestamp at time zone $2) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
            (w::timestamp at time zone $2) > now() as future
       from unnest($1::text[]) with ordinality as x(w, n) order by n`,
    [walls, zone],
  );
  const instant = (i: number, k: 0 | 1 | 2) => instants.rows[i * 3 + k]?.at ?? null;
  rows.forEach((r, i) => {
    if (instants.rows[i * 3 + 2]?.future) p.add(r.row, 'finishedAt', 'repair.history.errors.future');
  });

  const machines = await tx.query<{ id: number; code: string; name: string; category_id: number | null }>(
    `select id, code, name, category_id from equipment
      where tenant_id = $1 and deleted_at is null and (code = any($2::text[]) or name = any($2::text[]))`,
    [tx.tenantId, [...new Set(rows.map((r) => r.equipment).filter(Boolean))]],
  );
  const reasons = await tx.query<{ id: number; name: string; code: string; category_id: number }>(
    'select id, name, code, category_id from fault_reasons where tenant_id = $1 and deleted_at is null',
    [tx.tenantId],
  );
  const people = await tx.query<{ id: number; username: string; peoplename: string }>(
    `select id, username, peoplename from users
      where tenant_id = $1 and (username = any($2::text[]) or peoplename = any($2::text[]))`,
    [tx.tenantId, [...new Set(rows.map((r) => r.technician).filter(Boolean))]],
  );
  const resolved = rows.map((r) => {
    const byCode = machines.rows.filter((m) => m.code === r.equipment);
    const byName = machines.rows.filter((m) => m.name === r.equipment);
    const machine = byCode.length === 1 ? byCode[0] : byCode.length === 0 && byName.length === 1 ? byName[0] : null;
    if (r.equipment && !machine)
      p.add(
        r.row,
        'equipment',
        byName.length > 1 ? 'resources.validation.refAmbiguous' : 'resources.validation.refMissing',
        {
          value: r.equipment,
        },
      );
    const reason = machine
      ? (reasons.rows.find(
          (f) => f.category_id === machine.category_id && (f.name === r.faultReason || f.code === r.faultReason),
        ) ?? null)
      : null;
    if (machine && r.faultReason && !reason)
      p.add(r.row, 'faultReason', 'repair.history.errors.reason', { value: r.faultReason });
    const techs = r.technician
      ? people.rows.filter((u) => u.username === r.technician || u.peoplename === r.technician)
      : [];
    if (r.technician && techs.length !== 1)
      p.add(
        r.row,
        'technician',
        techs.length ? 'resources.validation.refAmbiguous' : 'resources.validation.refMissing',
        {
          value: r.technician,
        },
      );
    return { machine, reason, tech: techs.length === 1 ? Number(techs[0]!.id) : null };
  });
  if (p.list.length) throw p.failed();

  withoutMessages(tx);
  const ctx = await readContext(tx, repairEntity, lang);
  const labour = await readContext(tx, labourEntity, lang);
  const order = rows.map((_, i) => i).sort((a, b) => instant(a, 0)!.localeCompare(instant(b, 0)!));
  const step = (id: unknown, name: string, body = {}) =>
    runAction(tx, repairEntity, name, id, body, lang, { ctx, system: true });
  const perDay = new Map<string, number>();
  for (const i of order) {
    const r = rows[i]!;
    const { machine, reason, tech } = resolved[i]!;
    const reportedAt = instant(i, 0)!;
    const startedAt = instant(i, 1) ?? reportedAt;
    const finishedAt = instant(i, 2)!;
    const made = await reportRepair(
      tx,
      { equipmentId: machine!.id, phenomenon: r.phenomenon, urgency: r.urgency, stopped: r.stopped },
      lang,
      tx.userId,
    );
    await step(made.id, 'dispatch', { assigneeId: tx.userId });
    await step(made.id, 'accept');
    await step(made.id, 'start');
    if (r.labourHours)
      await createRow(tx, labour, { orderId: made.id, userId: tech ?? tx.userId, hours: r.labourHours.toFixed(2) });
    await step(made.id, 'finish', { faultReasonId: reason!.id, remedy: r.remedy });
    await step(made.id, 'check');

    // Dated back: the order's number of its day, the step times and what is derived from them.
    const day = r.reportedAt.slice(0, 10).replace(/-/g, '');
    const seq = perDay.get(day) ?? (await lastOfDay(tx, day));
    perDay.set(day, seq + 1);
    const minutes = (a: string, b: string) => Math.max(0, Math.round((Date.parse(b) - Date.parse(a)) / 60_000));
    await updateRow(
      tx,
      ctx,
      made.id,
      {
        code: `WX${day}-${String(seq + 1).padStart(4, '0')}`,
        reportedAt,
        dispatchedAt: reportedAt,
        acceptedAt: startedAt,
        startedAt,
        finishedAt,
        checkedAt: finishedAt,
        ...(tech ? { assigneeId: tech } : {}),
        responseMinutes: minutes(reportedAt, startedAt),
        repairMinutes: minutes(startedAt, finishedAt),
        downtimeMinutes: r.stopped ? minutes(reportedAt, finishedAt) : 0,
      },
      { system: true },
    );
    await tx.query(
      `update record_steps set created_at = case action when 'check' then $4::timestamptz when 'finish' then $4::timestamptz
              when 'start' then $3::timestamptz when 'accept' then $3::timestamptz else $5::timestamptz end
        where tenant_id = $1 and entity = 'maintaintask' and record_id = $2`,
      [tx.tenantId, made.id, startedAt, finishedAt, reportedAt],
    );
  }
  return rows.length;
}

/** The highest sequence number of a day's orders (WX20250301-0007 → 7). */
async function lastOfDay(tx: TenantTx, day: string): Promise<number> {
  const prefix = `WX${day}-`;
  const r = await tx.query<{ n: string | null }>(
    `select max(substr(code, length($2) + 1)::int) as n from repair_orders
      where tenant_id = $1 and code like $2 || '%' and substr(code, length($2) + 1) ~ '^[0-9]{1,9}$'`,
    [tx.tenantId, prefix],
  );
  return Number(r.rows[0]?.n ?? 0);
}
