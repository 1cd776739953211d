import { readContext } from '../../platform/resources/read.js';
import type { FieldDef, WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { BatchMode } from './members-batch.js';
import { organizationEntity } from './resources.js';
import { defineSheet, type Issues } from './sheets.js';

const declared = (name: string): FieldDef => organizationEntity.fields.find((f) => f.name === name)!;

/**
 * Columns of the organisations' spreadsheet (template, import, export), in their order: the organisation's own
 * declared fields and the parent as a code or name. A blank state or sort keeps the old value (a new row takes the
 * default), so neither is a required column.
 */
export const ORG_SHEET = defineSheet('organizations', [
  declared('organizationName'),
  declared('organizationCode'),
  { name: 'parent', type: 'string', maxLength: 100, hint: 'org.hints.parent' },
  declared('phone'),
  { ...declared('state'), required: false },
  { ...declared('sort'), required: false },
  declared('ext1'),
]);

/** One organisation of a batch: wire fields, or from a file the parent as code or name. */
export interface OrgInput {
  id?: number;
  organizationName?: string | null;
  organizationCode?: string | null;
  /** Code or name of the parent, an existing organisation or another row of the same batch (files). */
  parent?: string | null;
  parentId?: number | null;
  phone?: string | null;
  state?: number | null;
  sort?: number | null;
  ext1?: string | null;
}

export interface OrgItem {
  row: number;
  v: OrgInput;
}

interface Existing {
  id: number;
  code: string | null;
  name: string;
  parentId: number | null;
}

/** Where a row hangs: the root (null), an existing organisation, or another row of the batch. */
type ParentRef = { kind: 'keep' } | { kind: 'id'; id: number | null } | { kind: 'row'; index: number };

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

function targets(existing: Existing[], items: OrgItem[], mode: BatchMode, issues: Issues): (number | null)[] {
  const ids = new Set(existing.map((o) => o.id));
  const byCode = new Map(existing.filter((o) => o.code).map((o) => [o.code!, o.id]));
  return items.map(({ row, v }) => {
    if (mode === 'list' && v.id !== undefined) {
      if (ids.has(Number(v.id))) return Number(v.id);
      issues.add(row, 'id', 'errors.org.notFound');
    }
    if (mode === 'upsert' && present(v.organizationCode)) return byCode.get(String(v.organizationCode)) ?? null;
    return null;
  });
}

function checkCodes(existing: Existing[], items: OrgItem[], target: (number | null)[], issues: Issues): void {
  const owner = new Map(existing.filter((o) => o.code).map((o) => [o.code!, o.id]));
  const seen = new Map<string, number>();
  items.forEach(({ row, v }, i) => {
    if (!present(v.organizationCode)) return;
    const code = String(v.organizationCode);
    if (seen.has(code)) issues.add(row, 'organizationCode', 'duplicateInFile', { value: code, other: seen.get(code) });
    else seen.set(code, row);
    if (owner.has(code) && owner.get(code) !== target[i])
      issues.add(row, 'organizationCode', 'unique', { value: code });
  });
  items.forEach(({ row, v }, i) => {
    const missing =
      target[i] === null ? !present(v.organizationName) : v.organizationName === null || v.organizationName === '';
    if (missing && !issues.has(row, 'organizationName')) issues.add(row, 'organizationName', 'required');
  });
}

/** The parent of each row: by id (lists), or by code then unique name among the batch and the tenant (files). */
function parents(existing: Existing[], items: OrgItem[], issues: Issues): ParentRef[] {
  const ids = new Set(existing.map((o) => o.id));
  const codeRow = new Map<string, number>();
  const nameRows = new Map<string, number[]>();
  items.forEach(({ v }, i) => {
    if (present(v.organizationCode)) codeRow.set(String(v.organizationCode), i);
    if (present(v.organizationName))
      nameRows.set(String(v.organizationName), [...(nameRows.get(String(v.organizationName)) ?? []), i]);
  });
  const codeId = new Map(existing.filter((o) => o.code).map((o) => [o.code!, o.id]));
  const nameIds = new Map<string, number[]>();
  for (const o of existing) nameIds.set(o.name, [...(nameIds.get(o.name) ?? []), o.id]);
  return items.map(({ row, v }): ParentRef => {
    if (v.parentId !== undefined) {
      if (v.parentId === null) return { kind: 'id', id: null };
      if (ids.has(Number(v.parentId))) return { kind: 'id', id: Number(v.parentId) };
      issues.add(row, 'parent', 'errors.org.parentNotFound');
      return { kind: 'keep' };
    }
    if (v.parent === undefined) return { kind: 'keep' };
    if (!present(v.parent)) return { kind: 'id', id: null };
    const text = String(v.parent);
    if (codeRow.has(text)) return { kind: 'row', index: codeRow.get(text)! };
    if (codeId.has(text)) return { kind: 'id', id: codeId.get(text)! };
    const byRow = nameRows.get(text) ?? [];
    const byId = nameIds.get(text) ?? [];
    if (byRow.length + byId.length === 1)
      return byRow.length ? { kind: 'row', index: byRow[0]! } : { kind: 'id', id: byId[0]! };
    issues.add(row, 'parent', byRow.length + byId.length > 1 ? 'refAmbiguous' : 'refMissing', { value: text });
    return { kind: 'keep' };
  });
}

/**
 * The order to write the rows in (a parent before the rows below it), or the rows caught in a loop, which
 * are reported. Existing organisations moved below one of their own descendants are loops too.
 */
function writeOrder(
  existing: Existing[],
  items: OrgItem[],
  target: (number | null)[],
  refs: ParentRef[],
  issues: Issues,
): number[] {
  // Final parent of every node: existing ids as "e<id>", rows of the batch as "r<index>".
  const parentOf = new Map<string, string | null>();
  for (const o of existing) parentOf.set(`e${o.id}`, o.parentId === null ? null : `e${o.parentId}`);
  const nodeOf = (i: number) => (target[i] !== null ? `e${target[i]}` : `r${i}`);
  refs.forEach((ref, i) => {
    const node = nodeOf(i);
    if (ref.kind === 'id') parentOf.set(node, ref.id === null ? null : `e${ref.id}`);
    else if (ref.kind === 'row') parentOf.set(node, nodeOf(ref.index));
    else if (!parentOf.has(node)) parentOf.set(node, null);
  });
  const looped = new Set<number>();
  items.forEach(({ row }, i) => {
    const seen = new Set<string>([nodeOf(i)]);
    for (let n = parentOf.get(nodeOf(i)); n; n = parentOf.get(n)) {
      if (seen.has(n)) {
        looped.add(i);
        issues.add(row, 'parent', 'treeLoop');
        break;
      }
      seen.add(n);
    }
  });
  const order: number[] = [];
  const done = new Set<number>();
  const visit = (i: number) => {
    if (done.has(i) || looped.has(i)) return;
    done.add(i);
    const ref = refs[i]!;
    if (ref.kind === 'row') visit(ref.index);
    order.push(i);
  };
  for (let i = 0; i < items.length; i++) visit(i);
  return order;
}

/** The wire values a row sets: blanks of optional fields clear them, blanks of required ones keep the old value. */
function wireValues(v: OrgInput): WireRow {
  const out: WireRow = {};
  const set = (field: keyof OrgInput, nullable = true) => {
    const value = v[field];
    if (value === undefined) return;
    if (value === null || value === '') {
      if (nullable) out[field] = null;
      return;
    }
    out[field] = typeof value === 'string' ? value.trim() : value;
  };
  set('organizationName', false);
  set('organizationCode');
  set('phone');
  set('state', false);
  set('sort', false);
  set('ext1');
  return out;
}

/**
 * Adds and changes organisations in the caller's transaction; a row may hang below another row of the batch.
 * Every row is checked first; any problem and nothing is written.
 */
export async function applyOrganizations(
  tx: TenantTx,
  items: OrgItem[],
  mode: BatchMode,
  issues: Issues,
): Promise<{ created: number; updated: number }> {
  const r = await tx.query<Existing>(
    `select id, organization_code as code, organization_name as name, parent_id as "parentId"
       from organizations where tenant_id = $1`,
    [tx.tenantId],
  );
  const existing = r.rows.map((o) => ({
    ...o,
    id: Number(o.id),
    parentId: o.parentId === null ? null : Number(o.parentId),
  }));
  const target = targets(existing, items, mode, issues);
  checkCodes(existing, items, target, issues);
  const refs = parents(existing, items, issues);
  const order = writeOrder(existing, items, target, refs, issues);
  issues.throwIfAny();

  // Through the record service, so each row is checked, audited, versioned and pushed like a single save.
  const ctx = await readContext(tx, organizationEntity, issues.lang);
  const written = new Map<number, number>();
  let created = 0;
  let updated = 0;
  for (const i of order) {
    const ref = refs[i]!;
    const values = wireValues(items[i]!.v);
    if (ref.kind === 'id') values.parentId = ref.id;
    if (ref.kind === 'row') values.parentId = written.get(ref.index) ?? target[ref.index];
    const id = target[i];
    if (id === null || id === undefined) {
      const row = await createRow(tx, ctx, values);
      written.set(i, Number(row.id));
      created++;
    } else {
      await updateRow(tx, ctx, id, values);
      written.set(i, id);
      updated++;
    }
  }
  return { created, updated };
}
