import type { FastifyPluginAsync } from 'fastify';
import { ok, page } from '../http/envelope.js';
import { t } from '../i18n/index.js';
import { entityTitle } from '../resources/model.js';
import { findEntity } from '../resources/registry.js';
import { type Decision, decide } from './approval.js';
import { runAction } from './run.js';

const anyObject = { type: 'object', additionalProperties: true } as const;
const envelope = (data: object) => ({
  type: 'object',
  properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' }, data, count: { type: 'integer' } },
});

/**
 * The approval runtime's routes (/api-flow/approval): my pending approvals and their count, and the
 * decisions. Being an approver of the current node (or the submitter, for a recall) is the permission, checked
 * on the server against the instance.
 */
export const approvalRoutes: FastifyPluginAsync = async (app) => {
  for (const decision of ['approve', 'reject', 'recall'] as const satisfies readonly Decision[]) {
    app.post<{ Body: { id: number; comment?: string } }>(
      `/api-flow/approval/${decision}`,
      {
        config: { selfService: true },
        schema: {
          tags: ['approval'],
          summary: `approval: ${decision} (the current node's approvers; recall: the submitter before any decision)`,
          body: {
            type: 'object',
            required: ['id'],
            properties: {
              id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
              comment: { type: 'string', maxLength: 1000 },
            },
          },
          response: { 200: envelope(anyObject) },
        },
      },
      async (req) => {
        const comment = req.body.comment?.trim() || null;
        const row = await req.tenant((tx) =>
          decide(tx, req.body.id, decision, comment, req.lang, (def, action, id, ctx) =>
            runAction(tx, def, action, id, {}, req.lang, { ctx, system: true }),
          ),
        );
        return ok(row, t(req.lang, `workflow.decided.${decision}`));
      },
    );
  }

  app.get<{ Querystring: { page: number; limit: number } }>(
    '/api-flow/approval/mine',
    {
      config: { selfService: true },
      schema: {
        tags: ['approval'],
        summary: 'approval: the documents waiting for my decision (待我审批), oldest first',
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
        },
        response: { 200: envelope({ type: 'array', items: anyObject }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const me = JSON.stringify([Number(tx.userId)]);
        const where = `i.tenant_id = $1 and i.state = 'pending' and i.approvers @> $2::jsonb`;
        const r = await tx.query<{
          id: number;
          entity: string;
          record_id: number;
          record_no: string | null;
          node_name: string;
          submitter: string | null;
          created_at: Date;
        }>(
          `select i.id, i.entity, i.record_id, i.record_no, i.node_name, u.peoplename as submitter, i.created_at
             from approval_instances i left join users u on u.tenant_id = i.tenant_id and u.id = i.submitter_id
            where ${where} order by i.created_at, i.id limit $3 offset $4`,
          [tx.tenantId, me, req.query.limit, (req.query.page - 1) * req.query.limit],
        );
        const n = await tx.query<{ n: string }>(`select count(*) as n from approval_instances i where ${where}`, [
          tx.tenantId,
          me,
        ]);
        const rows = r.rows.map((i) => {
          const def = findEntity(i.entity);
          return {
            id: Number(i.id),
            entity: i.entity,
            entityName: def ? entityTitle(def, req.lang) : i.entity,
            link: def?.workflow?.link?.({ id: Number(i.record_id) }) ?? null,
            recordId: Number(i.record_id),
            recordNo: i.record_no,
            node: i.node_name,
            submitter: i.submitter,
            createdAt: i.created_at,
          };
        });
        return page(rows, Number(n.rows[0]!.n));
      }),
  );
};
