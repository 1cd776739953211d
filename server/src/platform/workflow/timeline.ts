import { notFound } from '../http/errors.js';
import type { Lang } from '../i18n/index.js';
import { baseWhere } from '../resources/query.js';
import { memberReadContext } from '../resources/read.js';
import type { EntityDef } from '../resources/types.js';
import type { TenantTx } from '../tenancy/tenant-tx.js';
import { pendingApproval } from './approval.js';
import { actionLabel, stateLabel } from './labels.js';

const text = { type: 'string', nullable: true } as const;
const int = { type: 'integer', nullable: true } as const;

/** The answer of GET <prefix>/steps?id= (its OpenAPI schema, from which the web's types are generated). */
export const timelineSchema = {
  type: 'object',
  required: ['steps', 'approval'],
  properties: {
    steps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'action', 'actionName', 'fromState', 'toState', 'comment', 'userId', 'userName', 'createdAt'],
        properties: {
          id: { type: 'integer' },
          action: { type: 'string', description: 'the declared action, or an approval decision' },
          actionName: { type: 'string', description: "the action's label in the caller's language" },
          fromState: text,
          fromStateName: text,
          toState: text,
          toStateName: text,
          comment: text,
          data: { description: "the step's input values" },
          userId: { ...int, description: 'who took the step (null: the system)' },
          userName: text,
          createdAt: { type: 'string', format: 'date-time' },
        },
      },
    },
    approval: {
      type: 'object',
      nullable: true,
      description: 'the approval running on the document, if any',
      required: ['id', 'node', 'approvers', 'submitterId', 'decisions', 'mine'],
      properties: {
        id: { type: 'integer' },
        node: { ...text, description: "the current node's name" },
        approvers: { type: 'array', items: { type: 'integer' } },
        submitterId: int,
        decisions: { type: 'integer', description: 'decisions taken so far' },
        mine: { type: 'boolean', description: 'the caller is one of the approvers of the current node' },
      },
    },
  },
} as const;

const DECISIONS = new Set(['approve', 'reject', 'recall', 'approvalNext', 'approved']);

/**
 * A document's steps in order, labelled in the caller's language, and the approval running on it; not found for
 * a document outside the caller's data scope (a member's roles, an API key's scope).
 */
export async function timeline(tx: TenantTx, def: EntityDef, id: number, lang: Lang) {
  const ctx = await memberReadContext(tx, def, lang);
  const exists = await tx.query(
    `select 1 from "${def.table}" t where ${baseWhere(ctx.model, ctx.permit, ctx.rowScope)} and t.id = $2`,
    [tx.tenantId, id],
  );
  if (!exists.rows.length) throw notFound();
  const r = await tx.query<{
    id: number;
    action: string;
    from_state: string | null;
    to_state: string | null;
    comment: string | null;
    data: unknown;
    user_id: number | null;
    user_name: string | null;
    created_at: Date;
  }>(
    `select s.id, s.action, s.from_state, s.to_state, s.comment, s.data, s.user_id, u.peoplename as user_name, s.created_at
       from record_steps s left join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
      where s.tenant_id = $1 and s.entity = $2 and s.record_id = $3 order by s.id`,
    [tx.tenantId, def.name, id],
  );
  const steps = r.rows.map((s) => ({
    id: Number(s.id),
    action: s.action,
    actionName: DECISIONS.has(s.action)
      ? actionLabel({ ...def, ns: 'workflow', name: 'approval', labels: 'workflow.approval' }, s.action, lang)
      : actionLabel(def, s.action, lang),
    fromState: s.from_state,
    fromStateName: s.from_state ? stateLabel(ctx, s.from_state, lang) : null,
    toState: s.to_state,
    toStateName: s.to_state ? stateLabel(ctx, s.to_state, lang) : null,
    comment: s.comment,
    data: s.data,
    userId: s.user_id === null ? null : Number(s.user_id),
    userName: s.user_name,
    createdAt: s.created_at,
  }));
  const running = await pendingApproval(tx, def.name, id);
  const approval = running && {
    id: Number(running.id),
    node: running.node_name,
    approvers: running.approvers.map(Number),
    submitterId: running.submitter_id === null ? null : Number(running.submitter_id),
    decisions: running.decisions,
    mine: running.approvers.map(Number).includes(Number(tx.userId)),
  };
  return { steps, approval };
}
