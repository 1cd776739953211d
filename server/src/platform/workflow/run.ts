import { businessError, notFound } from '../http/errors.js';
import { type Lang, t } from '../i18n/index.js';
import { makeModel } from '../resources/model.js';
import { assertPermitted, codeList } from '../resources/permit.js';
import { findRow, getRow, type ReadContext, readContext } from '../resources/read.js';
import { columnOf } from '../resources/registry.js';
import type { EntityDef, FieldIssue, WireRow } from '../resources/types.js';
import { checkRelations, prepare, updateRow, validationError } from '../resources/write.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import { pendingApproval, startApproval } from './approval.js';
import { actionLabel, stateLabel } from './labels.js';
import { stepDone } from './listeners.js';
import { notifyStep } from './notify.js';
import { recordStep } from './steps.js';
import type { ActionDef, StepContext, WorkflowDef } from './types.js';

export const COMMENT_MAX = 1000;

export function workflowOf(def: EntityDef): WorkflowDef {
  if (!def.workflow) throw new Error(`entity ${def.name} declares no workflow`);
  return def.workflow;
}

export function actionOf(def: EntityDef, name: string): ActionDef {
  const action = workflowOf(def).actions.find((a) => a.name === name);
  if (!action) throw new Error(`entity ${def.name} has no action ${name}`);
  return action;
}

/**
 * The action's input as a small model of its own. Its labels are the entity's: an input names a field of the
 * entity (`<labels>.fields.<input>`, options under `<labels>.options.<input>`), or has its own `label` key.
 */
export const inputModel = (def: EntityDef, action: ActionDef) =>
  makeModel({
    ...def,
    name: `${def.name}.${action.name}`,
    labels: def.labels ?? `${def.ns}.${def.name}`,
    fields: action.fields ?? [],
    hooks: undefined,
  });

/** Locks the document's row and returns its state (404 for an unknown id or another tenant's). */
async function lockState(tx: TenantTx, def: EntityDef, id: unknown): Promise<string> {
  const wf = workflowOf(def);
  const field = def.fields.find((f) => f.name === wf.stateField)!;
  const live = def.softDelete ? ' and deleted_at is null' : '';
  const r = await tx.query<{ state: unknown }>(
    `select "${columnOf(field)}" as state from "${def.table}" where tenant_id = $1 and id = $2${live} for update`,
    [tx.tenantId, id],
  );
  if (!r.rows[0]) throw notFound();
  return String(r.rows[0].state);
}

/**
 * Runs one declared action on a document in the caller's transaction: locks the row (two people acting at
 * once: the second waits, then finds the new state and is told so), checks the state, the input and the
 * guard, writes the new state and the action's values through the record service, records the step on the
 * timeline, runs the side effects and notifies. An action with `approval` then starts an approval when the
 * tenant has an enabled flow; while one runs, its `completes` action is the approval's to run (`system`).
 */
export async function runAction(
  tx: TenantTx,
  def: EntityDef,
  name: string,
  id: unknown,
  body: WireRow,
  lang: Lang,
  opts: { ctx?: ReadContext; system?: boolean } = {},
): Promise<WireRow> {
  const wf = workflowOf(def);
  const action = actionOf(def, name);
  const state = await lockState(tx, def, id);
  const ctx = opts.ctx ?? (await readContext(tx, def, lang));
  if (!action.from.includes(state)) {
    throw businessError(state === action.to ? 'workflow.already' : 'workflow.refused', {
      action: actionLabel(def, action.name, lang),
      state: stateLabel(ctx, state, lang),
    });
  }
  if (!opts.system && (await pendingApproval(tx, def.name, id)))
    throw businessError('workflow.inApproval', { action: actionLabel(def, action.name, lang) });
  const model = inputModel(def, action);
  const p = prepare({ ...ctx, model }, body, null);
  if (!p.issues.length) await checkRelations(tx, model, p, null);
  const comment = typeof body.comment === 'string' && body.comment.trim() ? body.comment.trim() : null;
  const commentLabel = t(lang, 'workflow.comment');
  if (body.comment !== undefined && body.comment !== null && typeof body.comment !== 'string')
    p.issues.push({ field: 'comment', key: 'invalid', params: { label: commentLabel } });
  else if (action.commentRequired && !comment)
    p.issues.push({ field: 'comment', key: 'required', params: { label: commentLabel } });
  if (comment && comment.length > COMMENT_MAX)
    p.issues.push({ field: 'comment', key: 'maxLength', params: { label: commentLabel, limit: COMMENT_MAX } });
  const row = await findRow(tx, ctx, id);
  if (!row) throw notFound();
  if (!opts.system) await assertPermitted(tx, def, codeList(action.permission), row);
  const step: StepContext = { tx, ctx, action, lang, row, input: p.values, comment };
  if (!p.issues.length) p.issues.push(...(((await action.guard?.(step)) ?? []) as FieldIssue[]));
  if (p.issues.length) throw validationError(model.fields.length ? model : ctx.model, lang, p.issues);

  const values: WireRow = { [wf.stateField]: action.to };
  for (const f of action.fields ?? []) if (ctx.model.byName.has(f.name)) values[f.name] = p.values[f.name] ?? null;
  const now = new Date().toISOString();
  if (action.stamp?.at) values[action.stamp.at] = now;
  if (action.stamp?.by) values[action.stamp.by] = tx.userId;
  Object.assign(values, await action.apply?.(step));
  const after = await updateRow(tx, ctx, id, values, { system: true });
  await recordStep(tx, def, id, action.name, state, action.to, comment, p.values);
  await action.after?.(step, after);
  const result = action.after ? await getRow(tx, ctx, id) : after;
  await stepDone(step, result, state);
  // Approvals are for people's submissions; a step the system runs (an approval's completion, history) starts none.
  const approvalType = wf.approvalTypeOf?.(row) ?? wf.approvalType;
  const approving = !opts.system && !!approvalType && (await startApproval(tx, def, step, approvalType, state));
  const recipients = approving ? await approversOf(tx, def.name, id) : ((await action.notify?.(step, after)) ?? []);
  await notifyStep(tx, def, result, approving ? 'approvalNext' : action.name, recipients);
  return result;
}

async function approversOf(tx: TenantTx, entity: string, id: unknown): Promise<number[]> {
  return ((await pendingApproval(tx, entity, id))?.approvers ?? []).map(Number);
}
