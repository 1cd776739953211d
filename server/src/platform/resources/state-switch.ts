import { notFound } from '../http/errors.js';
import { isId, type TenantTx } from '../tenancy/tenant-tx.js';
import { findRow, type ReadContext } from './read.js';
import type { WireRow } from './types.js';
import { updateRow } from './write.js';

/**
 * Sets the `state` field (1 enabled, 0 disabled) of records by id, auditing each change; rows already in
 * that state are left alone. Unknown ids (or another tenant's) give 404 and change nothing.
 */
export async function switchState(tx: TenantTx, ctx: ReadContext, rawIds: unknown[], state: 0 | 1): Promise<number> {
  const ids = [...new Set(rawIds.filter(isId).map(Number))];
  if (ids.length === 0 || ids.length !== rawIds.length) throw notFound();
  const rows: WireRow[] = [];
  for (const id of ids) {
    const row = await findRow(tx, ctx, id);
    if (!row) throw notFound();
    rows.push(row);
  }
  let changed = 0;
  for (const before of rows) {
    if (Number(before.state) === state) continue;
    await updateRow(tx, ctx, before.id, { state }, { system: true });
    changed++;
  }
  return changed;
}

/** The JSON schema of a state switch body: { id } or { ids }, and the new state. */
export const stateSwitchBody = {
  type: 'object',
  required: ['state'],
  properties: {
    id: { type: 'integer' },
    ids: { type: 'array', items: { type: 'integer' }, maxItems: 1000 },
    state: { type: 'integer', enum: [0, 1] },
  },
} as const;

export interface StateSwitchBody {
  id?: number;
  ids?: number[];
  state: 0 | 1;
}

/** The ids of a state switch body. */
export const switchIds = (body: StateSwitchBody): unknown[] => body.ids ?? (body.id === undefined ? [] : [body.id]);
