import type { FastifyInstance } from 'fastify';
import { PLAN_PER_CALL } from '../../db/index.js';
import { StreamingSheet } from '../excel/write.js';
import { writeExport } from '../files/export-file.js';
import { isLang, type Lang } from '../i18n/index.js';
import type { Job, JobHandler } from '../jobs/runner.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import type { DataScope } from './data-scope.js';
import type { Field } from './model.js';
import {
  after,
  baseWhere,
  filterWhere,
  orderBy,
  Params,
  type QueryInput,
  rowsSql,
  type SortKey,
  sortKey,
} from './query.js';
import { finishRow, memberReadContext, type ReadContext } from './read.js';
import { resolveEntity } from './registry.js';
import type { WireRow } from './types.js';
import { displayValue } from './values.js';

export const EXPORT_JOB = 'resource-export';
export const EXPORT_PAGE = 500;

export interface ExportPayload {
  entity: string;
  downloadId: number;
  userId: number;
  lang: Lang;
  query: QueryInput;
  /** The data scope of the API key that asked, if one did (it holds in the job as in the request). */
  keyScope?: DataScope | null;
}

/** One page of the export after the last row seen (keyset on the sort and id: no offset, flat cost). */
async function exportPage(
  tx: TenantTx,
  ctx: ReadContext,
  query: QueryInput,
  sort: SortKey,
  last: { value: unknown; id: number } | null,
): Promise<WireRow[]> {
  const params = new Params(tx.tenantId);
  const where = [baseWhere(ctx.model, ctx.permit, ctx.rowScope), ...filterWhere(ctx.model, query, params, ctx)];
  if (last) where.push(after(sort, last, params));
  const r = await tx.query<WireRow>(
    PLAN_PER_CALL +
      rowsSql(
        ctx.model,
        `, (${sort.expr})::text as "__sort"`,
        where.join(' and '),
        orderBy(sort),
        `limit ${EXPORT_PAGE}`,
      ),
    params.values,
  );
  return r.rows.map((row) => finishRow(ctx, row));
}

function dateTimeFormat(timeZone: string): (iso: string) => string {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' });
  } catch {
    fmt = new Intl.DateTimeFormat('sv-SE', { timeZone: 'UTC', dateStyle: 'short', timeStyle: 'medium' });
  }
  return (iso) => fmt.format(new Date(iso));
}

/** A row's value for a column of the export, as a person reads it. */
export function exportCell(f: Field, row: WireRow, ctx: ReadContext, formatTime: (iso: string) => string): unknown {
  const raw = f.customKey ? (row.custom as WireRow | undefined)?.[f.customKey] : row[f.name];
  if (f.def.type === 'datetime' && typeof raw === 'string') return formatTime(raw);
  return displayValue(f, row, raw, ctx);
}

/** The export job: streams the matching rows into an .xlsx in the file store (writeExport) and tells the user. */
export function exportJob(app: FastifyInstance): JobHandler {
  const markFailed = async (job: Job, p: ExportPayload, message: string) => {
    await job.tenant(p.userId, (tx) =>
      tx.query('update downloads set isnormal = 0, error = $3 where tenant_id = $1 and id = $2', [
        tx.tenantId,
        p.downloadId,
        message.slice(0, 500),
      ]),
    );
    await app.realtime.push(p.userId, { type: 'download', id: p.downloadId });
  };
  return {
    async run(job) {
      const p = job.payload as unknown as ExportPayload;
      const tenantId = job.tenantId!;
      const lang = isLang(p.lang) ? p.lang : 'zh';
      const scoped = <T>(fn: (tx: TenantTx) => Promise<T>) =>
        job.tenant(p.userId, (tx) => {
          tx.keyScope = p.keyScope ?? null;
          return fn(tx);
        });
      const { ctx, timeZone, total } = await scoped(async (tx) => {
        const def = await resolveEntity(tx, p.entity, lang);
        // The job acts for the member who asked: their data scope holds.
        const c = await memberReadContext(tx, def, lang);
        const params = new Params(tx.tenantId);
        const where = [baseWhere(c.model, c.permit, c.rowScope), ...filterWhere(c.model, p.query, params, c)].join(
          ' and ',
        );
        const n = await tx.query<{ n: number }>(
          `select count(*)::int as n from "${def.table}" t where ${where}`,
          params.values,
        );
        const tz = await tx.query<{ timezone: string }>('select timezone from companies where id = $1', [tx.tenantId]);
        return { ctx: c, timeZone: tz.rows[0]?.timezone ?? 'UTC', total: n.rows[0]!.n };
      });
      const fields = ctx.model.fields.filter((f) => f.exportable);
      const relative = await writeExport(app, tenantId, async (file) => {
        const sheet = new StreamingSheet(
          file,
          ctx.model.title(lang),
          fields.map((f) => ({ header: f.label(lang) })),
        );
        const formatTime = dateTimeFormat(timeZone);
        const sort = sortKey(ctx.model, p.query);
        let last: { value: unknown; id: number } | null = null;
        for (let pageNo = 1; ; pageNo++) {
          const rows = await scoped((tx) => exportPage(tx, ctx, p.query, sort, last));
          for (const [i, row] of rows.entries()) {
            sheet.add(fields.map((f) => exportCell(f, row, ctx, formatTime)));
            if (i % 500 === 499) await sheet.flush();
          }
          if (rows.length < EXPORT_PAGE) break;
          const end = rows[rows.length - 1]!;
          last = { value: end.__sort, id: Number(end.id) };
          if (pageNo % 10 === 0 && total > 0) {
            const progress = Math.min(99, Math.floor((sheet.rows * 100) / total));
            await scoped((tx) =>
              tx.query('update downloads set progress = $3 where tenant_id = $1 and id = $2', [
                tx.tenantId,
                p.downloadId,
                progress,
              ]),
            );
          }
        }
        await sheet.close();
      });
      await scoped((tx) =>
        tx.query('update downloads set filepath = $3, progress = 100, error = null where tenant_id = $1 and id = $2', [
          tx.tenantId,
          p.downloadId,
          relative,
        ]),
      );
      await app.realtime.push(p.userId, { type: 'download', id: p.downloadId });
    },
    async failed(job, err) {
      const p = job.payload as unknown as ExportPayload;
      if (job.tenantId) await markFailed(job, p, err.message);
    },
  };
}
