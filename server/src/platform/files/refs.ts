import type { Field, Model } from '../resources/model.js';
import type { FieldIssue, WireRow } from '../resources/types.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import { findFiles } from './store.js';

const FILE_TYPES = new Set(['image', 'attachments']);

interface Written {
  values: WireRow;
  columns: Record<string, unknown>;
  custom: Record<string, unknown> | null;
  issues: FieldIssue[];
}

const storedValue = (f: Field, existing: WireRow | null): unknown =>
  f.customKey ? (existing?.custom as WireRow | undefined)?.[f.customKey] : existing?.[f.name];

const isRef = (item: unknown): item is { id: number; name: string; url: string } =>
  typeof item === 'object' && item !== null && 'id' in item;

/**
 * Files named by image and attachment fields must be the tenant's own uploads; their names come from the
 * upload when the body gives none. Items without an id (texts kept from before uploads existed) may only
 * stay where the record already holds them.
 */
export async function checkFileRefs(tx: TenantTx, model: Model, p: Written, existing: WireRow | null): Promise<void> {
  const fields = model.fields.filter((f) => FILE_TYPES.has(f.def.type) && Array.isArray(p.values[f.name]));
  if (fields.length === 0) return;
  const ids = fields.flatMap((f) => (p.values[f.name] as unknown[]).filter(isRef).map((i) => i.id));
  const known = await findFiles(tx, [...new Set(ids)]);
  for (const f of fields) {
    const items = p.values[f.name] as unknown[];
    const before = storedValue(f, existing);
    const kept = new Set(Array.isArray(before) ? before.map((i) => JSON.stringify(i)) : []);
    for (const item of items) {
      if (isRef(item)) {
        const file = known.get(item.id);
        if (!file) p.issues.push({ field: f.name, key: 'fileMissing', params: { value: item.id } });
        else if (!item.name) item.name = file.name;
      } else if (!kept.has(JSON.stringify(item))) {
        const value = typeof item === 'string' ? item : JSON.stringify(item);
        p.issues.push({ field: f.name, key: 'file', params: { value: value.slice(0, 100) } });
      }
    }
    if (f.customKey) p.custom![f.customKey] = items;
    else p.columns[f.column!] = JSON.stringify(items);
  }
}
