import { hasKey, type Lang, t } from '../i18n/index.js';
import type { Versions } from '../tenancy/table-versions.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import { columnOf, displayName, findEntity } from './registry.js';
import type { EntityDef, FieldDef, FilterKind } from './types.js';

/** A field as the engine uses it at run time: a declared field or a tenant's custom field. */
export interface Field {
  readonly def: FieldDef;
  /** Wire path: the declared name, or custom.<key> for a custom field. */
  readonly name: string;
  /** Stored column (null for computed and custom fields). */
  readonly column: string | null;
  /** Key in the custom jsonb column for a custom field. */
  readonly customKey: string | null;
  /** Wire name of the readable value of a ref or dict field. */
  readonly display: string | null;
  readonly list: boolean;
  readonly filter: FilterKind | null;
  readonly sortable: boolean;
  readonly writable: boolean;
  readonly importable: boolean;
  readonly exportable: boolean;
  label(lang: Lang): string;
  optionLabel(lang: Lang, value: string | number): string;
}

/** An entity with its fields resolved for one tenant (declared fields plus enabled custom fields). */
export interface Model {
  readonly def: EntityDef;
  readonly fields: readonly Field[];
  readonly byName: ReadonlyMap<string, Field>;
  title(lang: Lang): string;
}

const JSONISH = new Set(['json', 'image', 'attachments']);

/** The locale key prefix of an entity's labels. */
const labelBase = (def: EntityDef): string => def.labels ?? `${def.ns}.${def.name}`;

export function entityTitle(def: EntityDef, lang: Lang): string {
  return def.title?.[lang] ?? t(lang, `${labelBase(def)}.title`);
}

/** A declared field, its labels under `${labels}.fields` and its options' under `${labels}.options`. */
function declaredField(labels: string, f: FieldDef): Field {
  const labelKey = f.label ?? `${labels}.fields.${f.name}`;
  const scalar = !JSONISH.has(f.type);
  const writable = !f.computed && !f.readOnly;
  return {
    def: f,
    name: f.name,
    column: f.computed ? null : columnOf(f),
    customKey: null,
    display: f.type === 'ref' || f.type === 'dict' ? displayName(f) : null,
    list: f.list ?? (scalar && f.type !== 'text'),
    filter: f.filter ?? null,
    sortable: f.sortable ?? false,
    writable,
    importable: f.importable ?? (writable && scalar),
    exportable: f.exportable ?? scalar,
    label: (lang) => t(lang, labelKey),
    optionLabel: (lang, value) => {
      const key = `${labels}.options.${f.name}.${value}`;
      return hasKey(key) ? t(lang, key) : String(value);
    },
  };
}

/**
 * Columns declared like an entity's fields outside any entity (the members' and organisations' spreadsheets): the
 * engine's checks, template and display text apply to them alike.
 */
export const looseFields = (labels: string, defs: readonly FieldDef[]): Field[] =>
  defs.map((f) => declaredField(labels, f));

/** A custom field as stored in custom_fields. */
export interface CustomFieldRow {
  name: string;
  label: string;
  label_en: string | null;
  label_tw: string | null;
  field_type: FieldDef['type'];
  required: boolean;
  options: string | null;
  dict: string | null;
  filter: FilterKind | null;
  list: boolean;
}

export function customField(row: CustomFieldRow): Field {
  const options = row.field_type === 'enum' ? (row.options ?? '').split(/[,，;；\n]/).map((s) => s.trim()) : undefined;
  const def: FieldDef = {
    name: row.name,
    type: row.field_type,
    required: row.required,
    ...(options ? { options: options.filter(Boolean) } : {}),
    ...(row.dict ? { dict: row.dict } : {}),
  };
  const labels: Record<Lang, string> = {
    zh: row.label,
    en: row.label_en || row.label,
    tw: row.label_tw || row.label,
  };
  return {
    def,
    name: `custom.${row.name}`,
    column: null,
    customKey: row.name,
    display: null,
    list: row.list,
    filter: row.filter || null,
    sortable: true,
    writable: true,
    importable: true,
    exportable: true,
    label: (lang) => labels[lang],
    optionLabel: (_lang, value) => String(value),
  };
}

// Weak: runtime entities (custom forms) are built per request and must not pile up here.
const builtIn = new WeakMap<EntityDef, Model>();

export function makeModel(def: EntityDef, custom: readonly Field[] = []): Model {
  const fields = [...def.fields.map((f) => declaredField(labelBase(def), f)), ...custom];
  return {
    def,
    fields,
    byName: new Map(fields.map((f) => [f.name, f])),
    title: (lang) => entityTitle(def, lang),
  };
}

/** The declared fields only (no tenant): for the migration generator and OpenAPI. */
export function staticModel(def: EntityDef): Model {
  let m = builtIn.get(def);
  if (!m) {
    m = makeModel(def);
    builtIn.set(def, m);
  }
  return m;
}

/** The entity as the caller's tenant sees it: declared fields plus its enabled custom fields. */
export async function loadModel(tx: TenantTx, def: EntityDef, versions?: Versions): Promise<Model> {
  if (def.customFields === false) return staticModel(def);
  // Runtime entities (custom forms) are made per request from rows of their own; only declared ones are kept.
  const v = findEntity(def.name) === def ? versions?.key('custom_fields') : null;
  const key = v && `model|${tx.tenantId}|${v}|${def.name}`;
  return tx.memo.remember(key, async () => {
    const r = await tx.query<CustomFieldRow>(
      `select name, label, label_en, label_tw, field_type, required, options, dict, "filter", "list"
         from custom_fields where tenant_id = $1 and entity = $2 and state = 1 order by sort, id`,
      [tx.tenantId, def.name],
    );
    return r.rows.length === 0 ? staticModel(def) : makeModel(def, r.rows.map(customField));
  });
}

/** SQL expression of a field's value for row alias a (typed for custom fields). */
export function fieldExpr(f: Field, a = 't'): string {
  if (f.def.computed) return `(${f.def.computed(a)})`;
  if (f.column && f.def.withheld) return `(case when ${f.def.withheld(a)} then null else ${a}."${f.column}" end)`;
  if (f.column) return `${a}."${f.column}"`;
  const key = f.customKey!.replace(/'/g, "''");
  const raw = `(${a}.custom->>'${key}')`;
  switch (f.def.type) {
    case 'integer':
    case 'decimal':
      return `${raw}::numeric`;
    case 'boolean':
      return `${raw}::boolean`;
    default:
      return raw;
  }
}
