import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { id, nest, optText, response, text } from '../../platform/http/route-kit.js';
import { readContext } from '../../platform/resources/read.js';
import type { WireRow } from '../../platform/resources/types.js';
import { updateRow } from '../../platform/resources/write.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { organizationEntity } from './resources.js';

interface OrgNode {
  id: number;
  parentId: number | null;
  organizationName: string;
  organizationCode: string | null;
  phone: string | null;
  state: number;
  ext1: string | null;
  sort: number;
  updatedAt: Date | null;
}

export const orgProps = {
  parentId: { anyOf: [id, { type: 'null' }] },
  organizationName: text(100),
  organizationCode: optText(50),
  phone: { type: ['string', 'null'], maxLength: 30, pattern: '^[0-9+() -]*$' },
  state: { type: 'integer', enum: [0, 1] },
  ext1: optText(500),
  sort: { type: 'integer', minimum: -1000000, maximum: 1000000 },
};

const ORG_COLUMNS = `o.id, o.parent_id as "parentId", o.organization_name as "organizationName",
  o.organization_code as "organizationCode", o.phone, o.state, o.ext1, o.sort, o.updated_at as "updatedAt"`;

async function orgRows(tx: TenantTx, onlyEnabled: boolean): Promise<OrgNode[]> {
  const r = await tx.query<OrgNode>(
    `select ${ORG_COLUMNS} from organizations o where o.tenant_id = $1 ${onlyEnabled ? 'and o.state = 1' : ''}
      order by o.sort, o.id`,
    [tx.tenantId],
  );
  return r.rows;
}

/**
 * The organisation tree's reads (spec 3.1 organisation tree node; 7.2 organization/...) and the reorder after a
 * drag; the organisation's create, change and delete are the engine's (resources.ts, entity organization).
 */
export async function organizationRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api-user/organization/getListByTree',
    {
      config: { permission: 'setUp:organize:view' },
      schema: { tags: ['org'], summary: 'The whole organisation tree, disabled nodes included', response },
    },
    async (req) => ok(nest(await req.tenant((tx) => orgRows(tx, false)))),
  );

  app.get(
    '/api-user/organization/listtree',
    {
      config: { selfService: true },
      schema: {
        tags: ['org'],
        summary: 'The enabled organisations as a tree, for pickers on any page',
        response,
      },
    },
    async (req) => ok(nest(await req.tenant((tx) => orgRows(tx, true)))),
  );

  app.get(
    '/api-user/organization/listContainPhone',
    {
      config: { permission: ['setUp:organize:view', 'setUp:message:view'] },
      schema: {
        tags: ['org'],
        summary: 'The enabled organisations as a tree, each with its enabled members and their mobile numbers',
        response,
      },
    },
    async (req) =>
      ok(
        await req.tenant(async (tx) => {
          const orgs = await orgRows(tx, true);
          const users = await tx.query<{ id: number; organizationid: number; peoplename: string; mobile: string }>(
            `select id, organization_id as organizationid, peoplename, mobile from users
              where tenant_id = $1 and state = 1 and not deleted and organization_id is not null order by id`,
            [tx.tenantId],
          );
          const byOrg = new Map<number, object[]>();
          for (const u of users.rows) {
            const list = byOrg.get(u.organizationid) ?? [];
            list.push({ id: u.id, peoplename: u.peoplename, mobile: u.mobile });
            byOrg.set(u.organizationid, list);
          }
          return nest(orgs.map((o) => ({ ...o, users: byOrg.get(o.id) ?? [] })));
        }),
      ),
  );

  app.post<{ Body: { list: { id: number; sort: number; parentId?: number | null }[] } }>(
    '/api-user/organization/updatesort',
    {
      config: { permission: 'setUp:organize:edit' },
      schema: {
        tags: ['org'],
        summary: 'Reorder organisations (and move them, when parentId is sent) after a drag in the tree',
        body: {
          type: 'object',
          required: ['list'],
          properties: {
            list: {
              type: 'array',
              maxItems: 5000,
              items: {
                type: 'object',
                required: ['id', 'sort'],
                properties: { id, sort: orgProps.sort, parentId: orgProps.parentId },
              },
            },
          },
        },
        response,
      },
    },
    async (req) => {
      await req.tenant(async (tx) => {
        // Through the record service, so each move is checked, audited and bumps the table's version.
        const ctx = await readContext(tx, organizationEntity, req.lang);
        for (const item of req.body.list) {
          const values: WireRow = { sort: item.sort };
          if (item.parentId !== undefined) values.parentId = item.parentId;
          await updateRow(tx, ctx, item.id, values);
        }
      });
      return ok(null);
    },
  );
}
