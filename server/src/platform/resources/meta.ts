import type { Lang } from '../i18n/index.js';
import type { Field } from './model.js';
import type { ReadContext } from './read.js';
import { findEntity } from './registry.js';
import type { Action, EntityDef, PermissionKind } from './types.js';

export const ALL_ACTIONS: readonly Action[] = [
  'page',
  'all',
  'get',
  'save',
  'update',
  'del',
  'importexcel',
  'exportexcel',
];

export const actionsOf = (def: EntityDef): readonly Action[] => def.actions ?? ALL_ACTIONS;

/** Every path of an action: the action name itself, then the spec's names for it. */
export const pathsOf = (def: EntityDef, action: Action): string[] => [
  `${def.prefix}/${action}`,
  ...(def.paths?.[action] ?? []).map((p) => (p.startsWith('/') ? p : `${def.prefix}/${p}`)),
];

export const codes = (def: EntityDef, ...kinds: PermissionKind[]): string[] => [
  ...new Set(
    kinds.flatMap((k) => {
      const c = def.permissions[k];
      return typeof c === 'string' ? [c] : [...c];
    }),
  ),
];

export const templatePath = (def: EntityDef) => `/api-file/statics/template/file/${def.name}.xlsx`;
export const metaPath = (def: EntityDef) => `/api-manage/meta/${def.name}`;

export interface FieldMeta {
  name: string;
  type: Field['def']['type'];
  label: string;
  required: boolean;
  unique: boolean;
  custom: boolean;
  list: boolean;
  filter: Field['filter'];
  sortable: boolean;
  writable: boolean;
  importable: boolean;
  exportable: boolean;
  display: string | null;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  scale?: number;
  default?: string | number | boolean;
  options?: { value: string | number; label: string }[];
  dict?: string;
  ref?: string;
  /** For refs: where the web fetches choices ({ value, label, code }). */
  optionsUrl?: string;
  /** For refs to an engine entity: its metadata path. */
  refMeta?: string;
  /** For a dependent ref: the field whose value narrows the choices (sent as `within` to optionsUrl). */
  within?: string;
}

function fieldMeta(def: EntityDef, f: Field, ctx: ReadContext, lang: Lang): FieldMeta {
  const d = f.def;
  const m: FieldMeta = {
    name: f.name,
    type: d.type,
    label: f.label(lang),
    required: !!d.required,
    unique: !!d.unique,
    custom: !!f.customKey,
    list: f.list,
    filter: f.filter,
    sortable: f.sortable,
    writable: f.writable,
    importable: f.importable,
    exportable: f.exportable,
    display: f.display,
  };
  for (const k of ['minLength', 'maxLength', 'min', 'max', 'scale', 'default', 'dict', 'ref'] as const)
    if (d[k] !== undefined) (m as unknown as Record<string, unknown>)[k] = d[k];
  if (d.type === 'decimal') m.scale = d.scale ?? 2;
  if (d.type === 'enum') m.options = d.options!.map((value) => ({ value, label: f.optionLabel(lang, value) }));
  if (d.type === 'dict')
    m.options = [...(ctx.dicts.get(d.dict!)?.codes ?? new Map<string, string>())].map(([value, label]) => ({
      value,
      label,
    }));
  if (d.type === 'ref') {
    m.optionsUrl = `${metaPath(def)}/options/${f.name}`;
    const target = findEntity(d.ref!);
    if (target) m.refMeta = metaPath(target);
    if (d.within) m.within = d.within.field;
  }
  return m;
}

/** The merged declaration (declared plus custom fields) the generic web pages render. */
export function entityMeta(ctx: ReadContext, permissions: ReadonlySet<string>) {
  const def = ctx.model.def;
  const lang = ctx.lang;
  const actions = actionsOf(def);
  const can = (k: PermissionKind) => codes(def, k).some((c) => permissions.has(c));
  return {
    name: def.name,
    title: ctx.model.title(lang),
    codeField: def.codeField ?? null,
    nameField: def.nameField,
    treeParent: def.treeParent ?? null,
    softDelete: !!def.softDelete,
    customFields: def.customFields !== false,
    defaultSort: def.defaultSort ?? null,
    children: (def.children ?? []).map((c) => ({ ...c, meta: metaPath(findEntity(c.entity)!) })),
    paths: Object.fromEntries(actions.map((a) => [a, pathsOf(def, a)[0]])),
    templateUrl: actions.includes('importexcel') ? templatePath(def) : null,
    permissions: Object.fromEntries(
      (['view', 'add', 'edit', 'delete', 'import', 'export'] as const).map((k) => [k, codes(def, k)]),
    ),
    /** What the caller may do, computed by the server (the web only hides what the server refuses). */
    can: {
      view: can('view') || can('add') || can('edit'),
      add: actions.includes('save') && can('add'),
      edit: (actions.includes('update') || actions.includes('save')) && can('edit'),
      delete: actions.includes('del') && can('delete'),
      import: actions.includes('importexcel') && can('import'),
      export: actions.includes('exportexcel') && can('export'),
    },
    fields: ctx.model.fields.map((f) => fieldMeta(def, f, ctx, lang)),
  };
}
