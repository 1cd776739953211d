import type { EntityHooks, FieldIssue } from '../../platform/resources/types.js';

const day = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : null);

/** A set ends on or after its start, and a work group has one active set at a time. */
export const setHooks: EntityHooks = {
  async check(tx, row, existing): Promise<FieldIssue[]> {
    const start = day(row.startDate);
    const end = day(row.endDate);
    if (start && end && end < start) return [{ field: 'endDate', key: 'integral.errors.endBeforeStart' }];
    if (!start || !end || Number(row.state) !== 1 || !row.workgroupId) return [];
    const r = await tx.query<{ name: string }>(
      `select name from integral_sets
        where tenant_id = $1 and workgroup_id = $2 and state = 1 and id <> $3
          and start_date <= $5::date and end_date >= $4::date limit 1`,
      [tx.tenantId, row.workgroupId, existing?.id ?? 0, start, end],
    );
    const other = r.rows[0];
    return other ? [{ field: 'startDate', key: 'integral.errors.overlap', params: { name: other.name } }] : [];
  },
};
