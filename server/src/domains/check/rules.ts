import { AppError, businessError } from '../../platform/http/errors.js';
import type { EntityHooks, FieldIssue } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { StepContext } from '../../platform/workflow/types.js';
import { splitChoices } from './judge.js';

const fieldError = (field: string, key: string, params: Record<string, unknown> = {}) =>
  new AppError('business', `check.errors.${key}`, params, field);

/** A number item's limits in order; a choice item has choices, and its abnormal ones are among them. */
export const projectHooks: EntityHooks = {
  async check(_tx, row) {
    const lo = row.lowerLimit;
    const hi = row.upperLimit;
    if (row.answerType === 'number' && lo !== null && lo !== undefined && hi !== null && hi !== undefined)
      if (Number(lo) > Number(hi)) throw fieldError('upperLimit', 'limitsOrder');
    if (row.answerType === 'choice') {
      const choices = splitChoices(row.choices);
      if (choices.length < 2) throw fieldError('choices', 'choicesNeeded');
      const bad = splitChoices(row.abnormalChoices).find((c) => !choices.includes(c));
      if (bad) throw fieldError('abnormalChoices', 'abnormalNotAChoice', { value: bad });
    }
    return [];
  },
};

/** A scheme holds items of its own kind. */
export const schemeDetailHooks: EntityHooks = {
  async check(tx, row) {
    const r = await tx.query<{ same: boolean }>(
      `select s.kind = p.kind as same from check_schemes s, check_projects p
        where s.tenant_id = $1 and s.id = $2 and p.tenant_id = $1 and p.id = $3`,
      [tx.tenantId, row.schemeId, row.projectId],
    );
    if (r.rows[0] && !r.rows[0].same) throw fieldError('projectId', 'kindMismatch');
    return [];
  },
};

async function assertSameKind(tx: TenantTx, table: string, id: unknown, kind: unknown, field: string) {
  if (id === null || id === undefined) return;
  const r = await tx.query<{ kind: number }>(`select kind from ${table} where tenant_id = $1 and id = $2`, [
    tx.tenantId,
    id,
  ]);
  if (r.rows[0] && Number(r.rows[0].kind) !== Number(kind)) throw fieldError(field, 'kindMismatch');
}

/** A plan follows a scheme and a route of its kind and ends after it starts. */
export const planHooks: EntityHooks = {
  async check(tx, row): Promise<FieldIssue[]> {
    if (row.endDate && row.startDate && String(row.endDate) < String(row.startDate))
      return [{ field: 'endDate', key: 'endBeforeStart' }];
    // A meter plan needs its meter and its step; a meter plan on a route has no machine to read.
    if (row.dueBy === 'meter' || row.dueBy === 'either') {
      if (!row.meterKind) return [{ field: 'meterKind', key: 'required' }];
      if (row.meterEvery === null || row.meterEvery === undefined || row.meterEvery === '')
        return [{ field: 'meterEvery', key: 'required' }];
      if (row.lineId) return [{ field: 'lineId', key: 'check.errors.meterOnRoute' }];
    }
    await assertSameKind(tx, 'check_schemes', row.schemeId, row.kind, 'schemeId');
    await assertSameKind(tx, 'check_lines', row.lineId, row.kind, 'lineId');
    return [];
  },
};

/** A route's stop has a scheme of the route's kind, when it has its own. */
export const lineStopHooks: EntityHooks = {
  async check(tx, row) {
    if (row.schemeId === null || row.schemeId === undefined) return [];
    const r = await tx.query<{ kind: number }>('select kind from check_lines where tenant_id = $1 and id = $2', [
      tx.tenantId,
      row.lineId,
    ]);
    if (r.rows[0]) await assertSameKind(tx, 'check_schemes', row.schemeId, r.rows[0].kind, 'schemeId');
    return [];
  },
};

/** Switching a plan on needs machines (its own, or its route's) and a scheme with items. */
export async function guardPlanReady(s: StepContext): Promise<FieldIssue[]> {
  const r = await s.tx.query<{ machines: string; items: string }>(
    `select case when $4::bigint is null
                 then (select count(*) from check_plan_machines where tenant_id = $1 and plan_id = $2)
                 else (select count(*) from check_line_stops where tenant_id = $1 and line_id = $4) end as machines,
            (select count(*) from check_scheme_details where tenant_id = $1 and scheme_id = $3) as items`,
    [s.tx.tenantId, s.row.id, s.row.schemeId, s.row.lineId ?? null],
  );
  if (Number(r.rows[0]!.machines) === 0)
    throw businessError(s.row.lineId ? 'check.errors.noStops' : 'check.errors.noMachines');
  if (Number(r.rows[0]!.items) === 0) throw businessError('check.errors.noItems');
  return [];
}
