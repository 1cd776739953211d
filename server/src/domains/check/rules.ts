import { AppError, businessError } from '../../platform/http/errors.js';
import type { EntityHooks, FieldIssue } from '../../platform/resources/types.js';
import type { StepContext } from '../../platform/workflow/types.js';
import { splitChoices } from './judge.js';

const fieldError = (field: string, key: string, params: Record<string, unknown> = {}) =>
  new AppError('business', `check.errors.${key}`, params, field);

/** A number item's limits in order; a choice item has choices, and its abnormal ones are among them. */
export const projectHooks: EntityHooks = {
  async check(_tx, row) {
    const lo = row.lowerLimit;
    const hi = row.upperLimit;
    if (row.answerType === 'number' && lo !== null && lo !== undefined && hi !== null && hi !== undefined)
      if (Number(lo) > Number(hi)) throw fieldError('upperLimit', 'limitsOrder');
    if (row.answerType === 'choice') {
      const choices = splitChoices(row.choices);
      if (choices.length < 2) throw fieldError('choices', 'choicesNeeded');
      const bad = splitChoices(row.abnormalChoices).find((c) => !choices.includes(c));
      if (bad) throw fieldError('abnormalChoices', 'abnormalNotAChoice', { value: bad });
    }
    return [];
  },
};

/** A scheme holds items of its own kind. */
export const schemeDetailHooks: EntityHooks = {
  async check(tx, row) {
    const r = await tx.query<{ same: boolean }>(
      `select s.kind = p.kind as same from check_schemes s, check_projects p
        where s.tenant_id = $1 and s.id = $2 and p.tenant_id = $1 and p.id = $3`,
      [tx.tenantId, row.schemeId, row.projectId],
    );
    if (r.rows[0] && !r.rows[0].same) throw fieldError('projectId', 'kindMismatch');
    return [];
  },
};

/** A plan follows a scheme of its kind and ends after it starts. */
export const planHooks: EntityHooks = {
  async check(tx, row): Promise<FieldIssue[]> {
    if (row.endDate && row.startDate && String(row.endDate) < String(row.startDate))
      return [{ field: 'endDate', key: 'endBeforeStart' }];
    const r = await tx.query<{ kind: number }>('select kind from check_schemes where tenant_id = $1 and id = $2', [
      tx.tenantId,
      row.schemeId,
    ]);
    if (r.rows[0] && Number(r.rows[0].kind) !== Number(row.kind)) throw fieldError('schemeId', 'kindMismatch');
    return [];
  },
};

/** Switching a plan on needs machines and a scheme with items. */
export async function guardPlanReady(s: StepContext): Promise<FieldIssue[]> {
  const r = await s.tx.query<{ machines: string; items: string }>(
    `select (select count(*) from check_plan_machines where tenant_id = $1 and plan_id = $2) as machines,
            (select count(*) from check_scheme_details where tenant_id = $1 and scheme_id = $3) as items`,
    [s.tx.tenantId, s.row.id, s.row.schemeId],
  );
  if (Number(r.rows[0]!.machines) === 0) throw businessError('check.errors.noMachines');
  if (Number(r.rows[0]!.items) === 0) throw businessError('check.errors.noItems');
  return [];
}
