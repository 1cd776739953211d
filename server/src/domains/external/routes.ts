import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { resourceRoutes } from '../../platform/resources/routes.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { workflowRoutes } from '../../platform/workflow/routes.js';
import { externalOrderEntity } from './order-resources.js';
import { P } from './permissions.js';
import './reports.js';
import { contactEntity, contractEntity, vendorEntity } from './vendor-resources.js';

export const externalEntities = [vendorEntity, contactEntity, contractEntity, externalOrderEntity];

const figures = {
  type: 'object',
  properties: {
    orders: { type: 'integer' },
    open: { type: 'integer' },
    accepted: { type: 'integer' },
    cost: { type: 'string' },
  },
} as const;

/** The external maintenance of one machine in figures (its history page): orders, open ones, accepted cost. */
async function machineFigures(tx: TenantTx, equipmentId: number) {
  const r = await tx.query<{ orders: number; open: number; accepted: number; cost: string }>(
    `select count(*)::int as orders,
            count(*) filter (where state not in ('accepted', 'cancelled'))::int as open,
            count(*) filter (where state = 'accepted')::int as accepted,
            coalesce(sum(actual_cost) filter (where state = 'accepted'), 0)::numeric(14, 2)::text as cost
       from external_orders where tenant_id = $1 and equipment_id = $2`,
    [tx.tenantId, equipmentId],
  );
  return r.rows[0]!;
}

/**
 * External maintenance (spec 7.5 maintainexternal): vendors with their contacts and contracts, the external
 * orders with their declared steps, the figures of a machine's external work, and the external cost report.
 */
export async function externalRoutes(app: FastifyInstance): Promise<void> {
  await app.register(resourceRoutes(externalEntities));
  await app.register(workflowRoutes([externalOrderEntity]));

  app.get<{ Querystring: { equipmentId: number } }>(
    '/api-manage/maintainexternal/order/machine',
    {
      config: { permission: [P.view, 'equipment:ledger:view'] },
      schema: {
        tags: ['externalorder'],
        summary: "externalorder: a machine's external maintenance in figures (orders, open, accepted, accepted cost)",
        querystring: {
          type: 'object',
          required: ['equipmentId'],
          properties: { equipmentId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
        },
        response: {
          200: {
            type: 'object',
            properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' }, data: figures },
          },
        },
      },
    },
    (req) => req.tenant(async (tx) => ok(await machineFigures(tx, req.query.equipmentId))),
  );
}
