import { type Lang, t } from '../i18n/index.js';
import { actionLabel } from '../workflow/labels.js';
import { type Field, makeModel } from './model.js';
import { codeList } from './permit.js';
import type { ReadContext } from './read.js';
import { findEntity } from './registry.js';
import type { Action, EntityDef, PermissionKind } from './types.js';
import type { EntityMeta, FieldMeta } from './wire.js';

export type { EntityMeta, FieldMeta } from './wire.js';

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

/** The path of a REST name (EntityDef.rest): under the prefix unless absolute, '' the prefix itself. */
export const restPath = (def: EntityDef, name: string): string =>
  name.startsWith('/') ? name : name ? `${def.prefix}/${name}` : def.prefix;

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
  for (const k of ['minLength', 'maxLength', 'min', 'max', 'scale', 'default', 'defaultNow', 'dict', 'ref'] as const)
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
    if (target?.treeParent) m.tree = true;
    if (d.within) m.within = d.within.field;
  }
  return m;
}

/** The merged declaration (declared plus custom fields) the generic web pages render. */
export function entityMeta(ctx: ReadContext, permissions: ReadonlySet<string>): EntityMeta {
  const def = ctx.model.def;
  const lang = ctx.lang;
  const actions = actionsOf(def);
  const holds = (c: string) => permissions.has(c);
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
    ) as Record<PermissionKind, string[]>,
    can: canOf(def, holds),
    canBy: def.permissionsBy
      ? {
          field: def.permissionsBy.field,
          values: Object.fromEntries(
            splitValues(def).map((v) => [v, canOf(def, (c) => holds(c) && reaches(def, c, v))]),
          ),
        }
      : null,
    fields: ctx.model.fields.map((f) => fieldMeta(def, f, ctx, lang)),
    workflow: def.workflow ? workflowMeta(def, ctx, permissions) : null,
  };
}

function canOf(def: EntityDef, holds: (code: string) => boolean): Record<PermissionKind, boolean> {
  const actions = actionsOf(def);
  const can = (k: PermissionKind) => codes(def, k).some(holds);
  return {
    view: can('view') || can('add') || can('edit'),
    add: actions.includes('save') && can('add'),
    edit: (actions.includes('update') || actions.includes('save')) && can('edit'),
    delete: actions.includes('del') && can('delete'),
    import: actions.includes('importexcel') && can('import'),
    export: actions.includes('exportexcel') && can('export'),
  };
}

/** The values of the permissionsBy field the entity's codes name (a code naming none governs every value). */
function splitValues(def: EntityDef): string[] {
  const by = def.permissionsBy!;
  const all = [
    ...codes(def, 'view', 'add', 'edit', 'delete', 'import', 'export'),
    ...(def.workflow?.actions ?? []).flatMap((a) => codeList(a.permission)),
  ];
  return [
    ...new Set(
      all
        .map(by.valueOf)
        .filter((v) => v !== null)
        .map(String),
    ),
  ];
}

/** A code reaches the rows of a value when it governs that value or every value. */
const reaches = (def: EntityDef, code: string, value: string) => {
  const v = def.permissionsBy!.valueOf(code);
  return v === null || String(v) === value;
};

/** The states and actions of a document, with what the caller may do: the web shows buttons per state. */
function workflowMeta(def: EntityDef, ctx: ReadContext, permissions: ReadonlySet<string>) {
  const wf = def.workflow!;
  const lang = ctx.lang;
  return {
    stateField: wf.stateField,
    approvalType: wf.approvalType ?? null,
    actions: wf.actions
      .filter((a) => !a.internal)
      .map((a) => {
        const perm = [...codeList(a.permission)];
        const input = makeModel({ ...def, fields: a.fields ?? [], hooks: undefined });
        return {
          name: a.name,
          label: actionLabel(def, a.name, lang),
          from: a.from,
          to: a.to,
          url: `${def.prefix}/${a.name}`,
          permission: perm,
          can: perm.some((c) => permissions.has(c)),
          canBy: def.permissionsBy
            ? Object.fromEntries(
                splitValues(def).map((v) => [v, perm.some((c) => permissions.has(c) && reaches(def, c, v))]),
              )
            : null,
          commentRequired: !!a.commentRequired,
          danger: !!a.danger,
          confirm: a.confirm ? t(lang, a.confirm) : null,
          fields: input.fields.map((f) => fieldMeta(def, f, ctx, lang)),
        };
      }),
    stepsUrl: `${def.prefix}/steps`,
  };
}
