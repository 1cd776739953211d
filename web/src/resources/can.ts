import type { WorkflowAction as ActionMeta, EntityMeta, Row } from './types';

/**
 * What the caller may do on a list fixed to some values: on a page of one kind of check work, that kind's
 * buttons (EntityMeta.canBy); elsewhere what any of the caller's codes allows.
 */
export function canOn(meta: EntityMeta, fixed: Record<string, unknown>): EntityMeta['can'] {
  const by = meta.canBy;
  const value = by ? fixed[by.field] : undefined;
  return (by && value != null && by.values[String(value)]) || meta.can;
}

/**
 * Whether the caller holds a code of the named workflow action (any row): a page's own button that belongs to the
 * same right (who dispatches may see every order; who accepts work records past work).
 */
export const mayAct = (meta: EntityMeta | undefined, action: string): boolean =>
  !!meta?.workflow?.actions.some((a) => a.name === action && a.can);

/** Whether the caller may run a workflow action on this row (its value of the split field decides). */
export function mayRun(meta: EntityMeta, action: ActionMeta, row: Row | null | undefined): boolean {
  const field = meta.canBy?.field;
  const value = field && row ? row[field] : undefined;
  if (action.canBy && value != null) return action.canBy[String(value)] ?? action.can;
  return action.can;
}
