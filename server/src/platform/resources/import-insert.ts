import type { TenantTx } from '../tenancy/tenant-tx.js';
import type { Field } from './model.js';
import type { ReadContext } from './read.js';
import { columnType } from './schema.js';
import { scopeEntries } from './scope.js';
import { prepare } from './write.js';

export const IMPORT_BATCH = 1_000;

/** jsonb_build_object takes at most 100 arguments: build the audit image in chunks of 40 pairs. */
function auditImage(fields: Field[], alias: string): string {
  const pairs = fields.map((f) => `'${f.name}', ${alias}."${f.column}"`);
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 40) chunks.push(`jsonb_build_object(${pairs.slice(i, i + 40).join(', ')})`);
  return `${chunks.join(' || ') || "'{}'::jsonb"} || jsonb_build_object('id', ${alias}.id)`;
}

/**
 * Inserts checked records in batches: one statement per batch turns a JSON array into rows
 * (jsonb_to_recordset) and writes their audit rows in the same statement.
 */
export async function insertBatch(tx: TenantTx, ctx: ReadContext, records: Map<Field, unknown>[]): Promise<number> {
  const def = ctx.model.def;
  const stored = ctx.model.fields.filter((f) => f.column && f.writable);
  const customs = ctx.model.fields.filter((f) => f.customKey);
  const hasCustom = def.customFields !== false;
  const recordset = [
    ...stored.map((f) => `"${f.column}" ${columnType(f.def)}`),
    ...(hasCustom ? ['custom jsonb'] : []),
  ].join(', ');
  const scope = scopeEntries(def);
  const targetCols = [
    'tenant_id',
    ...stored.map((f) => `"${f.column}"`),
    ...(hasCustom ? ['custom'] : []),
    ...scope.map((e) => e.column),
    'created_by',
    'updated_by',
  ].join(', ');
  const sourceCols = [
    '$1',
    ...stored.map((f) => `x."${f.column}"`),
    ...(hasCustom ? ["coalesce(x.custom, '{}'::jsonb)"] : []),
    ...scope.map((e) => e.value),
    '$3',
    '$3',
  ].join(', ');
  const sql = `with ins as (
      insert into "${def.table}" (${targetCols})
      select ${sourceCols} from jsonb_to_recordset($2::jsonb) as x(${recordset})
      returning *)
    insert into audit_log(tenant_id, user_id, entity, record_id, action, after)
    select $1, $3, $4, ins.id::text, 'import', ${auditImage(stored, 'ins')}${hasCustom ? " || jsonb_build_object('custom', ins.custom)" : ''} from ins`;
  let done = 0;
  for (let i = 0; i < records.length; i += IMPORT_BATCH) {
    const batch = records.slice(i, i + IMPORT_BATCH).map((rec) => {
      const o: Record<string, unknown> = {};
      for (const f of stored) o[f.column!] = rec.get(f) ?? null;
      if (hasCustom) {
        const c: Record<string, unknown> = {};
        for (const f of customs) if ((rec.get(f) ?? null) !== null) c[f.customKey!] = rec.get(f);
        o.custom = c;
      }
      return o;
    });
    const r = await tx.query(sql, [tx.tenantId, JSON.stringify(batch), tx.userId, def.name]);
    done += r.rowCount;
  }
  return done;
}

/**
 * Inserts trusted records (demo data, generated data) in batches after the field checks, without the
 * per-record reference and uniqueness queries of the API path. Throws on the first invalid record.
 */
export async function insertRecords(
  tx: TenantTx,
  ctx: ReadContext,
  bodies: Record<string, unknown>[],
): Promise<number> {
  const records = bodies.map((body, i) => {
    const p = prepare(ctx, body, null);
    if (p.issues.length) throw new Error(`${ctx.model.def.name} record ${i}: ${JSON.stringify(p.issues)}`);
    return new Map(ctx.model.fields.filter((f) => f.name in p.values).map((f) => [f, p.values[f.name]] as const));
  });
  return insertBatch(tx, ctx, records);
}
