import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { businessError, invalid, notFound } from '../../platform/http/errors.js';
import { type Lang, t } from '../../platform/i18n/index.js';
import { auditChange } from '../../platform/resources/audit.js';
import { staticModel } from '../../platform/resources/model.js';
import { envelope, recordSchema } from '../../platform/resources/openapi.js';
import { getRow, readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { mouldRecordEntity } from './mould-resources.js';
import { mouldEntity } from './resources.js';

interface MouldBody {
  mouldId: number;
  equipmentId?: number;
  shots?: number;
  remark?: string;
}

interface LockedMould {
  equipment_id: number | null;
  status: string | null;
  shots_since_mount: number;
}

const MAX_SHOTS = 2_000_000_000;

/** Locks a live mould for the change (one mount at a time even under concurrent calls). */
async function lockMould(tx: TenantTx, id: number): Promise<LockedMould> {
  const r = await tx.query<LockedMould>(
    `select equipment_id, status, shots_since_mount from moulds
      where tenant_id = $1 and id = $2 and deleted_at is null for update`,
    [tx.tenantId, id],
  );
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

async function record(tx: TenantTx, body: MouldBody, recordType: string, equipmentId: unknown, shots: number) {
  await tx.insert(
    mouldRecordEntity.table,
    {
      mould_id: body.mouldId,
      equipment_id: equipmentId,
      record_type: recordType,
      shots,
      record_date: new Date(),
      remark: body.remark ?? null,
      created_by: tx.userId,
      updated_by: tx.userId,
    },
    'id',
  );
}

/** Writes mould columns with an audit-log entry; returns the mould after the change. */
async function changeMould(tx: TenantTx, lang: Lang, id: number, values: Record<string, unknown>): Promise<WireRow> {
  const ctx = await readContext(tx, mouldEntity, lang);
  const before = await getRow(tx, ctx, id);
  await tx.update(mouldEntity.table, id, { ...values, updated_by: tx.userId, updated_at: new Date() }, 'id');
  const after = await getRow(tx, ctx, id);
  await auditChange(tx, mouldEntity.name, id, 'update', before, after);
  return after;
}

async function mount(tx: TenantTx, body: MouldBody, lang: Lang): Promise<WireRow> {
  const mould = await lockMould(tx, body.mouldId);
  if (mould.status === 'scrapped') throw businessError('equipment.errors.mouldScrapped');
  if (mould.equipment_id !== null) throw businessError('equipment.errors.mouldMounted');
  const eq = await tx.query<{ status: string | null }>(
    'select status from equipment where tenant_id = $1 and id = $2 and deleted_at is null',
    [tx.tenantId, body.equipmentId],
  );
  if (!eq.rows[0] || eq.rows[0].status === 'scrapped')
    throw invalid('equipmentId', 'equipment.errors.equipmentUnavailable');
  await record(tx, body, 'mount', body.equipmentId, 0);
  return changeMould(tx, lang, body.mouldId, { equipment_id: body.equipmentId, shots_since_mount: 0 });
}

async function unmount(tx: TenantTx, body: MouldBody, lang: Lang): Promise<WireRow> {
  const mould = await lockMould(tx, body.mouldId);
  if (mould.equipment_id === null) throw businessError('equipment.errors.mouldNotMounted');
  const sinceMount = Math.min(Number(mould.shots_since_mount ?? 0) + (body.shots ?? 0), MAX_SHOTS);
  await record(tx, body, 'unmount', mould.equipment_id, sinceMount);
  await tx.query(
    `update moulds set used_shots = least(coalesce(used_shots, 0) + $3, ${MAX_SHOTS}) where tenant_id = $1 and id = $2`,
    [tx.tenantId, body.mouldId, sinceMount],
  );
  return changeMould(tx, lang, body.mouldId, { equipment_id: null, shots_since_mount: 0 });
}

/** Mould records (spec 7.5 moldRecords): mount onto a machine, unmount adding the shots since the mount (shot reports: save). */
export function mouldRoutes(app: FastifyInstance): void {
  const record = recordSchema(staticModel(mouldEntity));
  const routes = [
    { action: 'mount', permission: 'eqmold:eqmoldlist:mount', run: mount, needs: ['mouldId', 'equipmentId'] },
    { action: 'unmount', permission: 'eqmold:eqmoldlist:unmount', run: unmount, needs: ['mouldId'] },
  ] as const;
  for (const r of routes)
    app.post<{ Body: MouldBody }>(
      `/api-manage/moldRecords/${r.action}`,
      {
        config: { permission: r.permission },
        schema: {
          tags: [mouldRecordEntity.name],
          summary: `moldrecord: ${r.action} (the mould after the change)`,
          body: {
            type: 'object',
            required: [...r.needs],
            properties: {
              mouldId: { type: 'integer', minimum: 1 },
              equipmentId: { type: 'integer', minimum: 1 },
              shots: { type: 'integer', minimum: 0, maximum: MAX_SHOTS },
              remark: { type: 'string', maxLength: 500 },
            },
          },
          response: { 200: envelope(record) },
        },
      },
      async (req) => {
        const row = await req.tenant((tx) => r.run(tx, req.body, req.lang));
        return ok(row, t(req.lang, `equipment.messages.${r.action}`));
      },
    );
}
