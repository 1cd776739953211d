import { readContext } from '../../platform/resources/read.js';
import { getEntity } from '../../platform/resources/registry.js';
import type { EntityHooks, FieldIssue, RowIssue, WireRow } from '../../platform/resources/types.js';
import { updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { wouldContainItself } from './bom.js';

const productOf = async (tx: TenantTx, bomId: unknown): Promise<number | null> => {
  const r = await tx.query<{ material_id: number }>(
    'select material_id from boms where tenant_id = $1 and id = $2 and deleted_at is null',
    [tx.tenantId, bomId],
  );
  return r.rows[0] ? Number(r.rows[0].material_id) : null;
};

/** A BOM made current: the other current version of its product stops being so; a current one may not loop. */
export const bomHooks: EntityHooks = {
  async beforeValidate(tx, body, existing) {
    const material = body.materialId ?? existing?.materialId;
    if (body.isCurrent === true && Number.isSafeInteger(Number(material)) && !(existing?.isCurrent === true)) {
      const others = await tx.query<{ id: number }>(
        'select id from boms where tenant_id = $1 and material_id = $2 and is_current and deleted_at is null and id <> $3',
        [tx.tenantId, material, existing?.id ?? 0],
      );
      if (others.rows.length) {
        const ctx = await readContext(tx, getEntity('bom'), 'zh');
        for (const o of others.rows) await updateRow(tx, ctx, o.id, { isCurrent: false }, { system: true });
      }
    }
    return body;
  },
  async check(tx, row, existing) {
    if (row.isCurrent !== true || !existing) return [];
    const lines = await tx.query<{ material_id: number }>(
      'select material_id from bom_lines where tenant_id = $1 and bom_id = $2',
      [tx.tenantId, existing.id],
    );
    for (const l of lines.rows)
      if (await wouldContainItself(tx, Number(row.materialId), Number(l.material_id)))
        return [{ field: 'isCurrent', key: 'production.errors.bomCycle' }];
    return [];
  },
};

/** A line whose component holds the BOM's own product (at any level) would make the BOM contain itself. */
export const bomLineHooks: EntityHooks = {
  // After the insert: a line of the file may close a loop only with another line of the same file.
  importCheck: {
    stage: 'afterInsert',
    async check(tx, rows) {
      const issues: RowIssue[] = [];
      for (const [index, row] of rows.entries()) {
        const product = await productOf(tx, row.bomId);
        if (product !== null && (await wouldContainItself(tx, product, Number(row.materialId))))
          issues.push({ index, field: 'materialId', key: 'production.errors.bomCycle' });
      }
      return issues;
    },
  },
  async check(tx, row) {
    const product = await productOf(tx, row.bomId);
    if (product === null || !row.materialId) return [];
    return (await wouldContainItself(tx, product, Number(row.materialId)))
      ? [{ field: 'materialId', key: 'production.errors.bomCycle' }]
      : [];
  },
};

export interface StepInput {
  procedureId: number;
  repeatReason?: string | null;
}

/** The same procedure straight after itself needs a reason (a second pass is rare and worth saying why). */
export function repeatIssues(steps: readonly StepInput[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  steps.forEach((s, i) => {
    const prev = steps[i - 1];
    if (prev && Number(prev.procedureId) === Number(s.procedureId) && !s.repeatReason?.trim())
      issues.push({ field: 'repeatReason', key: 'production.errors.repeatWithoutReason', params: { seq: i + 1 } });
  });
  return issues;
}

export const routingStepHooks: EntityHooks = {
  async check(tx, row: WireRow) {
    const prev = await tx.query<{ procedure_id: number }>(
      `select procedure_id from routing_steps where tenant_id = $1 and routing_id = $2 and seq < $3 and id <> $4
        order by seq desc limit 1`,
      [tx.tenantId, row.routingId, row.seq, row.id ?? 0],
    );
    const p = prev.rows[0];
    if (!p) return [];
    return repeatIssues([{ procedureId: Number(p.procedure_id) }, row as unknown as StepInput]).map((i) => ({
      ...i,
      params: { seq: row.seq },
    }));
  },
};
