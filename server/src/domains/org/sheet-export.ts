import type { FastifyInstance } from 'fastify';
import { StreamingSheet } from '../../platform/excel/write.js';
import { writeExport } from '../../platform/files/export-file.js';
import { isLang, type Lang, t } from '../../platform/i18n/index.js';
import type { Job, JobHandler } from '../../platform/jobs/runner.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { USER_SHEET } from './members-batch.js';
import { ORG_SHEET } from './organizations-batch.js';
import { displayCell, type SheetName } from './sheets.js';
import { listUsers, type UserFilter } from './users.js';

/*
 * Exports of members and organisations through "My downloads": the same columns as the import template
 * (without the password), written by a background job like the engine's exports.
 */

export const SHEET_EXPORT_JOB = 'org-sheet-export';
const PAGE = 1_000;

export interface SheetExportPayload {
  sheet: SheetName;
  downloadId: number;
  userId: number;
  lang: Lang;
  filter: Omit<UserFilter, 'page' | 'limit'>;
}

/** Queues an export in the request's transaction; returns the downloads row id. */
export async function queueSheetExport(
  app: FastifyInstance,
  tx: TenantTx,
  p: Omit<SheetExportPayload, 'downloadId'>,
): Promise<number> {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const d = await tx.insert<{ id: number }>(
    'downloads',
    { user_id: p.userId, ywlx: p.sheet, filename: `${t(p.lang, `org.sheet.${p.sheet}.title`)}_${day}.xlsx` },
    'id',
  );
  await app.jobs.enqueue(tx, SHEET_EXPORT_JOB, { ...p, downloadId: d.id } as unknown as Record<string, unknown>);
  return d.id;
}

type Wire = Record<string, unknown>;

/** Members as sheet rows: the organisation and roles by name. */
async function userRows(tx: TenantTx, filter: SheetExportPayload['filter'], page: number): Promise<Wire[]> {
  const { rows } = await listUsers(tx, { ...filter, page, limit: PAGE });
  return (rows as Wire[]).map((r) => ({ ...r, organization: r.organizationName, roles: r.roleNames }));
}

async function organizationRows(tx: TenantTx, page: number): Promise<Wire[]> {
  const r = await tx.query<Wire>(
    `select o.organization_name as "organizationName", o.organization_code as "organizationCode",
            coalesce(p.organization_code, p.organization_name) as parent, o.phone, o.state, o.sort, o.ext1
       from organizations o left join organizations p on p.tenant_id = o.tenant_id and p.id = o.parent_id
      where o.tenant_id = $1 order by o.parent_id nulls first, o.sort, o.id limit $2 offset $3`,
    [tx.tenantId, PAGE, (page - 1) * PAGE],
  );
  return r.rows;
}

export function sheetExportJob(app: FastifyInstance): JobHandler {
  const finish = (job: Job, p: SheetExportPayload, values: Wire) =>
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
      const p = job.payload as unknown as SheetExportPayload;
      const tenantId = job.tenantId!;
      const lang = isLang(p.lang) ? p.lang : 'zh';
      const columns = (p.sheet === 'users' ? USER_SHEET : ORG_SHEET).fields.filter((f) => f.exportable);
      const relative = await writeExport(app, tenantId, async (file) => {
        const sheet = new StreamingSheet(
          file,
          t(lang, `org.sheet.${p.sheet}.title`),
          columns.map((f) => ({ header: f.label(lang) })),
        );
        for (let page = 1; ; page++) {
          const rows = await job.tenant(p.userId, (tx) =>
            p.sheet === 'users' ? userRows(tx, p.filter ?? {}, page) : organizationRows(tx, page),
          );
          for (const row of rows) sheet.add(columns.map((f) => displayCell(f, row[f.name], lang)));
          await sheet.flush();
          if (rows.length < PAGE) break;
        }
        await sheet.close();
      });
      await finish(job, p, { filepath: relative, progress: 100, error: null });
    },
    async failed(job, err) {
      if (job.tenantId)
        await finish(job, job.payload as unknown as SheetExportPayload, {
          isnormal: 0,
          error: err.message.slice(0, 500),
        });
    },
  };
}
