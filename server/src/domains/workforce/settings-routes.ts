import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, page } from '../../platform/http/envelope.js';
import { codes } from '../../platform/resources/meta.js';
import { staticModel } from '../../platform/resources/model.js';
import { bodySchema, envelope, querySchema, recordSchema } from '../../platform/resources/openapi.js';
import type { QueryInput } from '../../platform/resources/query.js';
import { allRows, pageRows, readContext } from '../../platform/resources/read.js';
import { removeRows } from '../../platform/resources/remove.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import {
  type StateSwitchBody,
  stateSwitchBody,
  switchIds,
  switchState,
} from '../../platform/resources/state-switch.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import { previewApprovers, replaceNodes, switchFlows } from './approval-flows.js';
import {
  appVersionEntity,
  BUSINESS_TYPES,
  flowEntity,
  flowNodeEntity,
  messageTypeEntity,
  settingsEntities,
} from './settings-resources.js';

const changed = envelope({ type: 'object', properties: { changed: { type: 'integer' } } });
const idsOf = (req: FastifyRequest): unknown[] => {
  const src = { ...(req.query as WireRow), ...((req.body as WireRow | undefined) ?? {}) };
  const raw = src.ids ?? src.id;
  if (raw === undefined || raw === null || raw === '') return [];
  return Array.isArray(raw) ? raw : String(raw).split(',');
};

/** Message types, app versions and approval flows (spec 7.6 /api-core and /api-flow). */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourceRoutes(settingsEntities));

  app.post<{ Body: StateSwitchBody }>(
    '/api-core/msgtype/updateState',
    {
      config: { permission: 'setUp:message:enable' },
      schema: {
        tags: ['msgtype'],
        summary: 'msgtype: switch message types on (1) or off (0); /switchState marks my messages read',
        body: stateSwitchBody,
        response: { 200: changed },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const ctx = await readContext(tx, messageTypeEntity, req.lang);
        return ok({ changed: await switchState(tx, ctx, switchIds(req.body), req.body.state) });
      }),
  );

  const appRecord = recordSchema(staticModel(appVersionEntity));
  app.get<{ Querystring: { platform: string } }>(
    '/api-core/appinfo/latest',
    {
      config: { selfService: true },
      schema: {
        tags: ['appinfo'],
        summary: 'appinfo: the newest release of a platform (the app asks it at start)',
        querystring: {
          type: 'object',
          required: ['platform'],
          properties: { platform: { type: 'string', enum: ['android', 'ios'] } },
        },
        response: { 200: envelope({ anyOf: [appRecord, { type: 'null' }] }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const ctx = await readContext(tx, appVersionEntity, req.lang);
        const r = await pageRows(tx, ctx, { platform: req.query.platform, sort: 'buildNumber', order: 'desc' }, 1, 1);
        return ok(r.rows[0] ?? null);
      }),
  );

  const flowModel = staticModel(flowEntity);
  const flowRecord = recordSchema(flowModel);
  const tags = [flowEntity.name];
  app.get(
    flowEntity.prefix,
    {
      config: { permission: codes(flowEntity, 'view', 'add', 'edit') },
      schema: {
        tags,
        summary: 'actflow: a page of flows',
        querystring: querySchema(flowModel, true),
        response: { 200: envelope({ type: 'array', items: flowRecord }, true) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const q = req.query as QueryInput & { page: number; limit: number };
        const r = await pageRows(tx, await readContext(tx, flowEntity, req.lang), q, q.page, q.limit);
        return page(r.rows, r.count);
      }),
  );
  app.post(
    flowEntity.prefix,
    {
      config: { permission: codes(flowEntity, 'add') },
      attachValidation: true,
      schema: {
        tags,
        summary: 'actflow: create',
        body: bodySchema(flowModel, false),
        response: {
          200: envelope({
            anyOf: [flowRecord, { type: 'array', items: { type: 'object', additionalProperties: true } }],
          }),
        },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const { id: _id, ...body } = (req.body ?? {}) as WireRow;
        return ok(await createRow(tx, await readContext(tx, flowEntity, req.lang), body));
      }),
  );
  app.put(
    flowEntity.prefix,
    {
      config: { permission: codes(flowEntity, 'edit') },
      attachValidation: true,
      schema: {
        tags,
        summary: 'actflow: change fields',
        body: bodySchema(flowModel, true),
        response: {
          200: envelope({
            anyOf: [flowRecord, { type: 'array', items: { type: 'object', additionalProperties: true } }],
          }),
        },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const body = (req.body ?? {}) as WireRow;
        return ok(await updateRow(tx, await readContext(tx, flowEntity, req.lang), body.id, body));
      }),
  );
  app.delete(
    flowEntity.prefix,
    {
      config: { permission: codes(flowEntity, 'delete') },
      schema: {
        tags,
        summary: 'actflow: delete flows (?ids=1,2) with their nodes',
        response: { 200: envelope({ type: 'object', properties: { deleted: { type: 'integer' } } }) },
      },
    },
    (req) =>
      req.tenant(async (tx) =>
        ok({ deleted: await removeRows(tx, await readContext(tx, flowEntity, req.lang), idsOf(req)) }),
      ),
  );
  app.post<{ Body: StateSwitchBody }>(
    `${flowEntity.prefix}/updateState`,
    {
      config: { permission: 'setUp:process:enable' },
      schema: {
        tags,
        summary: 'actflow: enable (1) or disable (0) flows; enabling one disables the others of its business type',
        body: stateSwitchBody,
        response: { 200: changed },
      },
    },
    (req) =>
      req.tenant(async (tx) => ok({ changed: await switchFlows(tx, switchIds(req.body).map(Number), req.body.state) })),
  );

  const nodeRecord = recordSchema(staticModel(flowNodeEntity));
  app.get<{ Querystring: { flowId: number } }>(
    flowNodeEntity.prefix,
    {
      config: { permission: codes(flowNodeEntity, 'view', 'add', 'edit') },
      schema: {
        tags: [flowNodeEntity.name],
        summary: 'actnode: the nodes of a flow in order',
        querystring: { type: 'object', required: ['flowId'], properties: { flowId: { type: 'integer' } } },
        response: { 200: envelope({ type: 'array', items: nodeRecord }) },
      },
    },
    (req) =>
      req.tenant(async (tx) =>
        ok(await allRows(tx, await readContext(tx, flowNodeEntity, req.lang), { flowId: req.query.flowId })),
      ),
  );
  app.post<{ Body: { flowId: number; nodes: WireRow[] } }>(
    flowNodeEntity.prefix,
    {
      config: { permission: 'setUp:process:design' },
      schema: {
        tags: [flowNodeEntity.name],
        summary: 'actnode: replace the nodes of a flow (batch, in order, one transaction)',
        body: {
          type: 'object',
          required: ['flowId', 'nodes'],
          properties: {
            flowId: { type: 'integer' },
            nodes: { type: 'array', maxItems: 100, items: { type: 'object', additionalProperties: true } },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              rtnCode: { type: 'integer' },
              msg: { type: 'string' },
              field: { type: 'string' },
              data: { anyOf: [{ type: 'array', items: nodeRecord }, { type: 'array' }] },
            },
          },
        },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const ctx = await readContext(tx, flowNodeEntity, req.lang);
        return ok(await replaceNodes(tx, ctx, req.body.flowId, req.body.nodes));
      }),
  );

  app.get<{ Querystring: { flowId?: number; businessType?: string } }>(
    '/api-flow/main/previewAuditUser',
    {
      config: { selfService: true },
      schema: {
        tags: [flowEntity.name],
        summary: 'actflow: who would approve a request of mine (the enabled flow of a business type, or one flow)',
        querystring: {
          type: 'object',
          properties: { flowId: { type: 'integer' }, businessType: { type: 'string', enum: [...BUSINESS_TYPES] } },
        },
        response: {
          200: envelope({
            anyOf: [
              { type: 'null' },
              {
                type: 'object',
                properties: {
                  flowId: { type: 'integer' },
                  flowName: { type: 'string' },
                  nodes: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        id: { type: 'integer' },
                        sort: { type: 'integer' },
                        name: { type: 'string' },
                        approverKind: { type: 'string' },
                        approvers: {
                          type: 'array',
                          items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
                        },
                      },
                    },
                  },
                },
              },
            ],
          }),
        },
      },
    },
    (req) => {
      const me = req.me();
      return req.tenant(async (tx) => ok(await previewApprovers(tx, me.userId, req.query)));
    },
  );
}
