import type { Database } from '../../server/src/db/index.js';
import { equipmentEntity } from '../../server/src/domains/equipment/resources.js';
import { getRow, pageRows, readContext } from '../../server/src/platform/resources/read.js';
import { updateRow } from '../../server/src/platform/resources/write.js';
import type { TenantTx } from '../../server/src/platform/tenancy/tenant-tx.js';
import { BIG_TENANT } from './generate/index.js';
import type { Scenario } from './scenarios.js';

/** The rows the equipment scenarios work on, in the big tenant. */
export interface Targets {
  tenantId: number;
  adminId: number;
  workshopId: number;
  workshopCode: string;
  lineName: string;
  equipmentId: number;
}

export async function findTargets(db: Database): Promise<Targets> {
  const t = await db.query<{ tenant: number; admin: number }>(
    `select c.id as tenant, u.id as admin from companies c join users u on u.tenant_id = c.id and u.username = $2
      where c.code = $1`,
    [BIG_TENANT.code, BIG_TENANT.admin],
  );
  const { tenant, admin } = t.rows[0]!;
  const w = await db.query<{ id: number; code: string; line: string }>(
    `select w.id, w.workshopcode as code, l.linename as line from workshops w
       join lines l on l.tenant_id = w.tenant_id and l.workshopid = w.id
      where w.tenant_id = $1 and w.workshopcode = 'WLD' order by l.sort limit 1`,
    [tenant],
  );
  const e = await db.query<{ id: number }>(
    'select id from equipment where tenant_id = $1 and deleted_at is null order by id offset (select count(*) / 2 from equipment where tenant_id = $1) limit 1',
    [tenant],
  );
  return {
    tenantId: Number(tenant),
    adminId: Number(admin),
    workshopId: Number(w.rows[0]!.id),
    workshopCode: w.rows[0]!.code,
    lineName: w.rows[0]!.line,
    equipmentId: Number(e.rows[0]!.id),
  };
}

/** An equipment endpoint over HTTP and the engine call it makes, whose SQL is the endpoint's limit. */
export interface EngineScenario extends Scenario {
  engine: (tx: TenantTx) => Promise<unknown>;
}

const PAGE = 20;

export function equipmentScenarios(t: Targets): EngineScenario[] {
  const ctx = (tx: TenantTx) => readContext(tx, equipmentEntity, 'zh');
  const page = (name: string, query: string, input: Record<string, unknown>): EngineScenario => ({
    name,
    path: `/api-manage/equipment/page?page=1&limit=${PAGE}${query}`,
    auth: true,
    engine: async (tx) => pageRows(tx, await ctx(tx), input, 1, PAGE),
  });
  const change = { id: t.equipmentId, location: '主焊线12工位', remark: '例行点检后复位' };
  return [
    page('equipment page', '', {}),
    page('equipment page: workshop + status filter', `&workshopId=${t.workshopId}&status=running&status=standby`, {
      workshopId: t.workshopId,
      status: ['running', 'standby'],
    }),
    page('equipment page: sorted by code desc', '&sort=code&order=desc', { sort: 'code', order: 'desc' }),
    {
      name: 'equipment detail',
      path: `/api-manage/equipment/get?id=${t.equipmentId}`,
      auth: true,
      engine: async (tx) => getRow(tx, await ctx(tx), t.equipmentId),
    },
    {
      name: 'equipment save (update)',
      method: 'POST',
      path: '/api-manage/equipment/save',
      body: change,
      auth: true,
      engine: async (tx) => updateRow(tx, await ctx(tx), t.equipmentId, change),
    },
  ];
}
