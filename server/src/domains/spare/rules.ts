import { businessError } from '../../platform/http/errors.js';
import type { EntityHooks, FieldIssue } from '../../platform/resources/types.js';
import { units } from './decimal.js';

/** A document is written only while it is a draft; only drafts are deleted. */
export const docHooks: EntityHooks = {
  async check(_tx, _row, existing) {
    if (existing && existing.state !== 'draft') throw businessError('workflow.notDraft');
    return [];
  },
  async beforeDelete(_tx, rows) {
    if (rows.some((r) => r.state !== 'draft')) throw businessError('workflow.notDraft');
  },
};

/** Lines go with their document (its draft state is checked by the document's save). */
export const lineHooks: EntityHooks = {};

/** The maximum is not below the minimum; stock that is still held is not deleted. */
export const levelHooks: EntityHooks = {
  async check(_tx, row) {
    const issues: FieldIssue[] = [];
    if (row.minQty != null && row.maxQty != null && units(row.maxQty, 2) < units(row.minQty, 2))
      issues.push({ field: 'maxQty', key: 'min', params: { limit: row.minQty } });
    return issues;
  },
  async beforeDelete(_tx, rows) {
    if (rows.some((r) => Number(r.onHand) !== 0 || Number(r.reserved) !== 0))
      throw businessError('spare.errors.stockHeld');
  },
};

/** A stocktake that made its adjustment stays as the record of it. */
export const countHooks: EntityHooks = {
  async beforeDelete(_tx, rows) {
    if (rows.some((r) => r.state !== 'counting')) throw businessError('spare.errors.countClosed');
  },
};
