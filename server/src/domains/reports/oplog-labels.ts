import { type Lang, t } from '../../platform/i18n/index.js';
import { entityTitle, loadModel, type Model } from '../../platform/resources/model.js';
import { findEntity, resolveEntity } from '../../platform/resources/registry.js';
import type { EntityDef, WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';

/** One field a logged change touched, labelled and with its values as a person reads them. */
export interface LoggedChange {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

/** A log entry as the operation log shows it: the entity's title, the record's code or name, the changes. */
export interface LabelledEntry {
  entityLabel: string;
  recordLabel: string;
  changes: LoggedChange[];
}

interface Entry {
  entity: string;
  recordId: string | null;
  before: WireRow | null;
  after: WireRow | null;
}

/** Bookkeeping every row carries: the log entry's own time and person say it. */
const BOOKKEEPING = new Set(['id', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The declaration behind a logged entity name (declared, else a tenant's custom form), or null. */
async function modelOf(tx: TenantTx, name: string, lang: Lang): Promise<Model | null> {
  let def: EntityDef | undefined = findEntity(name);
  if (!def) def = await resolveEntity(tx, name, lang).catch(() => undefined);
  return def ? loadModel(tx, def) : null;
}

/** A snapshot as the reader reads the record (a check's order: its phenomenon from the findings, in their language). */
function presented(model: Model, row: WireRow | null, lang: Lang): WireRow | null {
  if (!row || !model.def.hooks?.present) return row;
  const copy = { ...row };
  model.def.hooks.present(copy, lang);
  return copy;
}

const NAME_MAX = 40;

/** The record's identity for people: its code and name where it has them, else its number. */
function recordLabel(model: Model, e: Entry): string {
  const row = e.after ?? e.before ?? {};
  const text = (name: string | undefined) => {
    if (!name) return '';
    const f = model.byName.get(name);
    const v = f?.display ? (row[f.display] ?? row[name]) : row[name];
    return v === null || v === undefined || typeof v === 'object' ? '' : String(v);
  };
  const code = text(model.def.codeField);
  const full = text(model.def.nameField);
  const name = full.length > NAME_MAX ? `${full.slice(0, NAME_MAX)}…` : full;
  const both = [code, name !== code ? name : ''].filter(Boolean).join(' ');
  return both || `#${e.recordId ?? ''}`;
}

/** A stored value as text in the reader's language: an option's label, yes or no. */
function valueText(model: Model, field: string, v: unknown, lang: Lang): unknown {
  if (v === null || v === undefined) return v;
  const f = model.byName.get(field);
  if (f?.def.type === 'enum') return f.optionLabel(lang, v as string | number);
  if (typeof v === 'boolean') return t(lang, v ? 'resources.template.yes' : 'resources.template.no');
  return v;
}

function changesOf(model: Model, e: Entry, lang: Lang): LoggedChange[] {
  const before = e.before ?? {};
  const after = e.after ?? {};
  // A reference is shown by its readable value (orderName), under the reference's own label.
  const displayOf = new Map(model.fields.filter((f) => f.display).map((f) => [f.display!, f]));
  const child = new Map((model.def.children ?? []).map((c) => [c.as, c.entity]));
  const out: LoggedChange[] = [];
  const push = (field: string, label: string, b: unknown, a: unknown) => {
    if (!same(b, a))
      out.push({ field, label, before: valueText(model, field, b, lang), after: valueText(model, field, a, lang) });
  };
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (BOOKKEEPING.has(k)) continue;
    const f = model.byName.get(k);
    if (f?.display && (k in before || k in after) && (f.display in before || f.display in after)) continue;
    if (k === 'custom') {
      const cb = (before.custom ?? {}) as WireRow;
      const ca = (after.custom ?? {}) as WireRow;
      for (const c of new Set([...Object.keys(cb), ...Object.keys(ca)]))
        push(`custom.${c}`, model.byName.get(`custom.${c}`)?.label(lang) ?? c, cb[c], ca[c]);
      continue;
    }
    const shown = displayOf.get(k);
    const childEntity = child.get(k);
    const label = shown
      ? shown.label(lang)
      : f
        ? f.label(lang)
        : childEntity && findEntity(childEntity)
          ? entityTitle(findEntity(childEntity)!, lang)
          : k;
    push(k, label, before[k], after[k]);
  }
  return out;
}

/** Raw changes of an entry whose entity has no declaration (an operator's call): keys as they are. */
function plainChanges(e: Entry): LoggedChange[] {
  const before = e.before ?? {};
  const after = e.after ?? {};
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => !BOOKKEEPING.has(k) && !same(before[k], after[k]))
    .map((k) => ({ field: k, label: k, before: before[k], after: after[k] }));
}

/** The title of a logged entity name in the reader's language (the operator's calls have their own). */
export async function entityLabels(tx: TenantTx, names: readonly string[], lang: Lang): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const n of names) out.set(n, titleOf(n, n === 'operator' ? null : await modelOf(tx, n, lang), lang));
  return out;
}

const titleOf = (name: string, model: Model | null, lang: Lang) =>
  model ? model.title(lang) : name === 'operator' ? t(lang, 'reports.log.operator') : name;

/** Each entry with its entity's title, the record's identity and its changes labelled from the declarations. */
export async function labelEntries<T extends Entry>(
  tx: TenantTx,
  entries: readonly T[],
  lang: Lang,
): Promise<(T & LabelledEntry)[]> {
  const models = new Map<string, Model | null>();
  for (const n of new Set(entries.map((e) => e.entity)))
    models.set(n, n === 'operator' ? null : await modelOf(tx, n, lang));
  return entries.map((entry) => {
    const model = models.get(entry.entity) ?? null;
    const e = model
      ? { ...entry, before: presented(model, entry.before, lang), after: presented(model, entry.after, lang) }
      : entry;
    return {
      ...entry,
      entityLabel: titleOf(e.entity, model, lang),
      recordLabel: model ? recordLabel(model, e) : String(e.recordId ?? ''),
      changes: model ? changesOf(model, e, lang) : plainChanges(e),
    };
  });
}
