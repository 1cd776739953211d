import type { FastifyInstance } from 'fastify';
import { ok, page } from '../../platform/http/envelope.js';
import { codes } from '../../platform/resources/meta.js';
import { staticModel } from '../../platform/resources/model.js';
import { bodySchema, envelope, querySchema, recordSchema } from '../../platform/resources/openapi.js';
import type { QueryInput } from '../../platform/resources/query.js';
import { pageRows, readContext } from '../../platform/resources/read.js';
import { removeRows } from '../../platform/resources/remove.js';
import { idsOf } from '../../platform/resources/route-parts.js';
import {
  type StateSwitchBody,
  stateSwitchBody,
  switchIds,
  switchState,
} from '../../platform/resources/state-switch.js';
import type { WireRow } from '../../platform/resources/types.js';
import { createRow, updateRow } from '../../platform/resources/write.js';
import { warehouseEntity } from './warehouses.js';

const def = warehouseEntity;
const tags = [def.name];

/**
 * The REST names of the warehouse calls the spec lists (GET page, POST save, PUT update, DELETE del) on top
 * of the engine's own, and the enable switch (setUp:warehouse:enable).
 */
export async function warehouseRoutes(app: FastifyInstance): Promise<void> {
  const model = staticModel(def);
  const record = recordSchema(model);

  app.get(
    def.prefix,
    {
      config: { permission: codes(def, 'view', 'add', 'edit') },
      schema: {
        tags,
        summary: 'warehouse: a page of warehouses',
        querystring: querySchema(model, true),
        response: { 200: envelope({ type: 'array', items: record }, true) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const q = req.query as QueryInput & { page: number; limit: number };
        const r = await pageRows(tx, await readContext(tx, def, req.lang), q, q.page, q.limit);
        return page(r.rows, r.count);
      }),
  );

  app.post(
    def.prefix,
    {
      config: { permission: codes(def, 'add') },
      attachValidation: true,
      schema: {
        tags,
        summary: 'warehouse: create',
        body: bodySchema(model, false),
        response: {
          200: envelope({ anyOf: [record, { type: 'array', items: { type: 'object', additionalProperties: true } }] }),
        },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const { id: _id, ...body } = (req.body ?? {}) as WireRow;
        return ok(await createRow(tx, await readContext(tx, def, req.lang), body));
      }),
  );

  app.put(
    def.prefix,
    {
      config: { permission: codes(def, 'edit') },
      attachValidation: true,
      schema: {
        tags,
        summary: 'warehouse: change fields',
        body: bodySchema(model, true),
        response: {
          200: envelope({ anyOf: [record, { type: 'array', items: { type: 'object', additionalProperties: true } }] }),
        },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const body = (req.body ?? {}) as WireRow;
        return ok(await updateRow(tx, await readContext(tx, def, req.lang), body.id, body));
      }),
  );

  app.delete(
    `${def.prefix}/del`,
    {
      config: { permission: codes(def, 'delete') },
      schema: {
        tags,
        summary: 'warehouse: delete (?ids=1,2 or a body with ids), with their locations',
        response: { 200: envelope({ type: 'object', properties: { deleted: { type: 'integer' } } }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => ok({ deleted: await removeRows(tx, await readContext(tx, def, req.lang), idsOf(req)) })),
  );

  app.post<{ Body: StateSwitchBody }>(
    `${def.prefix}/updateState`,
    {
      config: { permission: 'setUp:warehouse:enable' },
      schema: {
        tags,
        summary: 'warehouse: enable (1) or disable (0) warehouses',
        body: stateSwitchBody,
        response: { 200: envelope({ type: 'object', properties: { changed: { type: 'integer' } } }) },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const ctx = await readContext(tx, def, req.lang);
        return ok({ changed: await switchState(tx, ctx, switchIds(req.body), req.body.state) });
      }),
  );
}
