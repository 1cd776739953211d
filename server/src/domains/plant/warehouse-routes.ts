import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { envelope } from '../../platform/resources/openapi.js';
import { readContext } from '../../platform/resources/read.js';
import {
  type StateSwitchBody,
  stateSwitchBody,
  switchIds,
  switchState,
} from '../../platform/resources/state-switch.js';
import { warehouseEntity } from './warehouses.js';

const def = warehouseEntity;

/**
 * The warehouses' enable switch (setUp:warehouse:enable). Their CRUD, the spec's REST names included
 * (GET page, POST create, PUT update, DELETE del), is the engine's (warehouseEntity.rest).
 */
export async function warehouseRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: StateSwitchBody }>(
    `${def.prefix}/updateState`,
    {
      config: { permission: 'setUp:warehouse:enable' },
      schema: {
        tags: [def.name],
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
