import type { EntityHooks, FieldIssue, WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/** The tenant's today (its time zone decides), as YYYY-MM-DD. */
export async function tenantToday(tx: TenantTx): Promise<string> {
  const r = await tx.query<{ day: string }>(
    `select to_char((now() at time zone coalesce((select timezone from companies where id = $1), 'UTC'))::date, 'YYYY-MM-DD') as day`,
    [tx.tenantId],
  );
  return r.rows[0]!.day;
}

/** The department a person belongs to now (copied onto the registration so a later move keeps the day's figure). */
export async function departmentOf(tx: TenantTx, userId: unknown): Promise<number | null> {
  if (!Number.isSafeInteger(Number(userId))) return null;
  const r = await tx.query<{ organization_id: string | null }>(
    'select organization_id from users where tenant_id = $1 and id = $2',
    [tx.tenantId, Number(userId)],
  );
  const org = r.rows[0]?.organization_id;
  return org == null ? null : Number(org);
}

/**
 * The office's entries: the day defaults to the tenant's today and the department to the person's; a day after
 * today cannot be registered.
 */
export const surveyHooks: EntityHooks = {
  async beforeValidate(tx, body, existing) {
    const next: WireRow = { ...body };
    if (!existing && (next.surveyDate === undefined || next.surveyDate === null || next.surveyDate === ''))
      next.surveyDate = await tenantToday(tx);
    const person = next.userId ?? existing?.userId;
    if (next.organizationId === undefined && (!existing || next.userId !== undefined))
      next.organizationId = await departmentOf(tx, person);
    return next;
  },
  async check(tx, row): Promise<FieldIssue[]> {
    const day = typeof row.surveyDate === 'string' ? row.surveyDate.slice(0, 10) : null;
    if (day && day > (await tenantToday(tx))) return [{ field: 'surveyDate', key: 'health.errors.futureDate' }];
    return [];
  },
};
