import type { FastifyInstance } from 'fastify';
import { StreamingSheet } from '../../platform/excel/write.js';
import { writeExport } from '../../platform/files/export-file.js';
import { isLang, type Lang, t } from '../../platform/i18n/index.js';
import type { Job, JobHandler } from '../../platform/jobs/runner.js';
import { periodOf, type ReportQuery, tenantTimeZone } from '../../platform/reports/filters.js';
import { findReport, type ReportDef, runReport } from '../../platform/reports/framework.js';
import type { DataScope } from '../../platform/resources/data-scope.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/* A report's rows as an .xlsx in My downloads, written by a background job like the engine's exports. */

export const REPORT_EXPORT_JOB = 'report-export';

interface Payload {
  report: string;
  downloadId: number;
  userId: number;
  lang: Lang;
  query: ReportQuery;
  /** The data scope of the API key that asked, if one did: it holds in the job as in the request. */
  keyScope?: DataScope | null;
}

/** Queues the export in the request's transaction; returns the downloads row id. */
export async function queueReportExport(
  app: FastifyInstance,
  tx: TenantTx,
  def: ReportDef,
  p: Omit<Payload, 'downloadId' | 'report' | 'keyScope'>,
): Promise<number> {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const d = await tx.insert<{ id: number }>(
    'downloads',
    { user_id: p.userId, ywlx: `report:${def.key}`, filename: `${t(p.lang, `reports.titles.${def.key}`)}_${day}.xlsx` },
    'id',
  );
  await app.jobs.enqueue(tx, REPORT_EXPORT_JOB, {
    ...p,
    report: def.key,
    downloadId: d.id,
    keyScope: tx.keyScope,
  } as unknown as Record<string, unknown>);
  return d.id;
}

export function reportExportJob(app: FastifyInstance): JobHandler {
  const finish = (job: Job, p: Payload, values: Record<string, unknown>) =>
    job.tenant(p.userId, async (tx) => {
      const sets = Object.keys(values).map((k, i) => `${k} = $${i + 3}`);
      await tx.query(`update downloads set ${sets.join(', ')} where tenant_id = $1 and id = $2`, [
        tx.tenantId,
        p.downloadId,
        ...Object.values(values),
      ]);
      app.realtime.push(p.userId, { type: 'download', id: p.downloadId });
    });
  return {
    async run(job) {
      const p = job.payload as unknown as Payload;
      const lang = isLang(p.lang) ? p.lang : 'zh';
      const def = findReport(p.report);
      if (!def) throw new Error(`unknown report ${p.report}`);
      const result = await job.tenant(p.userId, async (tx) => {
        tx.keyScope = p.keyScope ?? null;
        const period = periodOf(p.query, await tenantTimeZone(tx));
        return runReport(def, { tx, q: p.query, period, lang });
      });
      const relative = await writeExport(app, job.tenantId!, async (file) => {
        const columns = def.columns.map((c) => c.name);
        const sheet = new StreamingSheet(file, t(lang, `reports.titles.${def.key}`), [
          { header: t(lang, 'reports.columns.name') },
          ...columns.map((c) => ({ header: t(lang, `reports.columns.${c}`) })),
        ]);
        for (const row of result.rows)
          sheet.add([row.name, ...columns.map((c) => (row[c] === null || row[c] === undefined ? '' : Number(row[c])))]);
        await sheet.close();
      });
      await finish(job, p, { filepath: relative, progress: 100, error: null });
    },
    async failed(job, err) {
      if (job.tenantId)
        await finish(job, job.payload as unknown as Payload, { isnormal: 0, error: err.message.slice(0, 500) });
    },
  };
}
