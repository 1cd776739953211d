import { loadModel } from '../../platform/resources/model.js';
import { readContext } from '../../platform/resources/read.js';
import { defineEntity, getEntity } from '../../platform/resources/registry.js';
import type { EntityDef, EntityHooks, FieldIssue, WireRow } from '../../platform/resources/types.js';
import { updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { KINDS, PRINT_KINDS, RECORD_EXTRAS, ROW_EXTRAS } from './kinds.js';
import type { PrintKind } from './layout-wire.js';
import { type KnownFields, validateLayout } from './validate.js';

/** The permission codes of the label template page's buttons (menu setUp.labelmodel). */
export const P = {
  view: 'setUp:labelmodel:view',
  add: 'setUp:labelmodel:add',
  edit: 'setUp:labelmodel:edit',
  delete: 'setUp:labelmodel:delete',
} as const;

const permissions: EntityDef['permissions'] = {
  view: P.view,
  add: P.add,
  edit: P.edit,
  delete: P.delete,
  import: P.add,
  export: P.view,
};

/** The fields a template of the kind may name: its records' (custom fields too) and its lists' rows'. */
export async function knownFields(tx: TenantTx, kind: PrintKind): Promise<KnownFields> {
  const def = KINDS[kind];
  const names = async (entity: string) => (await loadModel(tx, getEntity(entity))).fields.map((f) => f.name);
  const tables = new Map<string, ReadonlySet<string>>();
  for (const [source, entity] of Object.entries(def.tables))
    tables.set(source, new Set([...(await names(entity)), ...ROW_EXTRAS]));
  return { fields: new Set([...(await names(def.entity)), ...RECORD_EXTRAS]), tables };
}

/**
 * One default template per kind (the unique index print_templates_default_kind_idx): making one the default makes
 * the kind's other default an ordinary one first. The kind is locked for the transaction, so two people making two
 * templates the default at once are served one after the other and the later one's stays.
 */
async function makeOnlyDefault(tx: TenantTx, kind: string, id: number | null): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`print_templates:${tx.tenantId}:${kind}`]);
  const others = await tx.query<{ id: string }>(
    'select id from print_templates where tenant_id = $1 and kind = $2 and is_default and id <> $3',
    [tx.tenantId, kind, id ?? 0],
  );
  if (!others.rows.length) return;
  const ctx = await readContext(tx, printTemplateEntity, 'zh');
  for (const o of others.rows) await updateRow(tx, ctx, Number(o.id), { isDefault: false }, { system: true });
}

const hooks: EntityHooks = {
  // The old default is unset here, before the row is written, because the unique index refuses two at any moment.
  async check(tx, row, existing): Promise<FieldIssue[]> {
    const kind = row.kind as PrintKind;
    const [w, h] = [Number(row.widthMm), Number(row.heightMm)];
    // The engine has refused a kind or size out of range already; the layout is judged on a valid page only.
    if (!PRINT_KINDS.includes(kind) || !Number.isFinite(w) || !Number.isFinite(h)) return [];
    const issues = validateLayout(row.layout, w, h, await knownFields(tx, kind));
    if (!issues.length && row.isDefault === true)
      await makeOnlyDefault(tx, kind, existing ? Number(existing.id) : null);
    return issues;
  },
};

/**
 * A print or label template (spec 7.5 printTemplates, page /labelmodel/index 标签模板): a page or label of a size
 * in millimetres and the texts, field values, QR codes, barcodes and tables placed on it (layout-wire.ts). The
 * print pages of its kind print through the kind's default template, or their built-in layout without one.
 */
export const printTemplateEntity = defineEntity({
  name: 'printtemplate',
  table: 'print_templates',
  ns: 'print',
  prefix: '/api-manage/printTemplates',
  actions: ['page', 'all', 'get', 'save', 'update', 'del'],
  permissions,
  nameField: 'name',
  customFields: false,
  defaultSort: { field: 'kind', dir: 'asc' },
  indexes: [{ name: 'default_kind', fields: ['kind'], where: 'is_default', unique: true }],
  hooks,
  fields: [
    { name: 'name', type: 'string', required: true, unique: true, maxLength: 100, filter: 'like', sortable: true },
    { name: 'kind', type: 'enum', options: PRINT_KINDS, required: true, filter: 'eq', sortable: true },
    { name: 'widthMm', type: 'integer', required: true, min: 10, max: 1000 },
    { name: 'heightMm', type: 'integer', required: true, min: 10, max: 2000 },
    { name: 'isDefault', type: 'boolean', default: false, filter: 'eq' },
    { name: 'layout', type: 'json', required: true, list: false, importable: false, exportable: false },
    { name: 'remark', type: 'string', maxLength: 500, list: false },
  ],
});

export const printEntities = [printTemplateEntity];

/** A template row as the print pages receive it. */
export const wireTemplate = (r: WireRow) => ({
  id: Number(r.id),
  name: String(r.name),
  kind: r.kind as PrintKind,
  widthMm: Number(r.width_mm),
  heightMm: Number(r.height_mm),
  isDefault: r.is_default === true,
  layout: r.layout,
});
