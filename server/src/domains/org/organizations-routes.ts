import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { blank, fieldError, id, idBody, nest, optText, pgViolation, response, text } from './http.js';
import { subtreeCte } from './users.js';

interface OrgBody {
  id?: number;
  parentId?: number | null;
  organizationName?: string;
  organizationCode?: string | null;
  phone?: string | null;
  state?: number;
  ext1?: string | null;
  sort?: number;
}

interface OrgNode {
  id: number;
  parentId: number | null;
  organizationName: string;
  organizationCode: string | null;
  phone: string | null;
  state: number;
  ext1: string | null;
  sort: number;
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
  o.organization_code as "organizationCode", o.phone, o.state, o.ext1, o.sort`;

/**
 * Reasons an organisation may not be deleted, as message keys; other domains add theirs
 * (for example workshops of the organisation).
 */
export type OrgDeleteCheck = (tx: TenantTx, orgId: number) => Promise<string | null>;
export const orgDeleteChecks: OrgDeleteCheck[] = [];

async function orgRows(tx: TenantTx, onlyEnabled: boolean): Promise<OrgNode[]> {
  const r = await tx.query<OrgNode>(
    `select ${ORG_COLUMNS} from organizations o where o.tenant_id = $1 ${onlyEnabled ? 'and o.state = 1' : ''}
      order by o.sort, o.id`,
    [tx.tenantId],
  );
  return r.rows;
}

async function assertCodeFree(tx: TenantTx, code: string | null | undefined, exceptId = 0): Promise<void> {
  if (!code) return;
  const r = await tx.query('select 1 from organizations where tenant_id = $1 and organization_code = $2 and id <> $3', [
    tx.tenantId,
    code,
    exceptId,
  ]);
  if (r.rows.length) throw fieldError('organizationCode', 'errors.org.codeTaken', { code });
}

/** The parent must exist, and moving an organisation below itself or its own descendants is refused. */
async function checkParent(tx: TenantTx, parentId: number | null | undefined, selfId?: number): Promise<void> {
  if (parentId === undefined || parentId === null) return;
  if (!(await tx.find('organizations', parentId, 'id'))) throw fieldError('parentId', 'errors.org.parentNotFound');
  if (selfId === undefined) return;
  const r = await tx.query(`${subtreeCte('$2')} select 1 from sub where id = $3`, [tx.tenantId, selfId, parentId]);
  if (r.rows.length) throw fieldError('parentId', 'errors.org.cycle');
}

function mapOrgViolation(err: unknown, code: string | null | undefined): unknown {
  const v = pgViolation(err);
  if (v?.code === '23505' && v.constraint === 'organizations_code')
    return fieldError('organizationCode', 'errors.org.codeTaken', { code });
  if (v?.code === '23503') return businessError('errors.org.inUse');
  return err;
}

/** The organisation tree (spec 3.1 organisation tree node; 7.2 organization/...). */
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

  app.post<{ Body: OrgBody }>(
    '/api-user/organization/insert',
    {
      config: { permission: 'setUp:organize:add' },
      schema: {
        tags: ['org'],
        summary: 'Add an organisation (code unique within the company)',
        body: { type: 'object', required: ['organizationName'], properties: orgProps },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      const row = await req
        .tenant(async (tx) => {
          await checkParent(tx, b.parentId);
          await assertCodeFree(tx, blank(b.organizationCode));
          return tx.insert<{ id: number }>(
            'organizations',
            {
              parent_id: b.parentId ?? null,
              organization_name: b.organizationName!.trim(),
              organization_code: blank(b.organizationCode),
              phone: blank(b.phone),
              state: b.state ?? 1,
              ext1: blank(b.ext1),
              sort: b.sort ?? 0,
              created_by: tx.userId,
              updated_by: tx.userId,
            },
            'id',
          );
        })
        .catch((e) => {
          throw mapOrgViolation(e, b.organizationCode);
        });
      return ok({ id: row.id });
    },
  );

  app.post<{ Body: OrgBody & { id: number } }>(
    '/api-user/organization/update',
    {
      config: { permission: 'setUp:organize:edit' },
      schema: {
        tags: ['org'],
        summary: 'Change an organisation (only the fields sent); it cannot move below itself',
        body: { type: 'object', required: ['id'], properties: { id, ...orgProps } },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      await req
        .tenant(async (tx) => {
          await tx.get('organizations', b.id, 'id');
          await checkParent(tx, b.parentId, b.id);
          await assertCodeFree(tx, blank(b.organizationCode), b.id);
          const values: Record<string, unknown> = { updated_at: new Date(), updated_by: tx.userId };
          if (b.parentId !== undefined) values.parent_id = b.parentId;
          if (b.organizationName !== undefined) values.organization_name = b.organizationName.trim();
          if (b.organizationCode !== undefined) values.organization_code = blank(b.organizationCode);
          if (b.phone !== undefined) values.phone = blank(b.phone);
          if (b.state !== undefined) values.state = b.state;
          if (b.ext1 !== undefined) values.ext1 = blank(b.ext1);
          if (b.sort !== undefined) values.sort = b.sort;
          await tx.update('organizations', b.id, values, 'id');
        })
        .catch((e) => {
          throw mapOrgViolation(e, b.organizationCode);
        });
      return ok(null);
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-user/organization/del',
    {
      config: { permission: 'setUp:organize:delete' },
      schema: {
        tags: ['org'],
        summary: 'Delete an organisation; refused while it has sub-organisations or members',
        body: idBody,
        response,
      },
    },
    async (req) => {
      const orgId = req.body.id;
      await req
        .tenant(async (tx) => {
          await tx.get('organizations', orgId, 'id');
          const children = await tx.query<{ n: number }>(
            'select count(*) as n from organizations where tenant_id = $1 and parent_id = $2',
            [tx.tenantId, orgId],
          );
          if (children.rows[0]!.n > 0) throw businessError('errors.org.hasChildren', { count: children.rows[0]!.n });
          const members = await tx.query<{ n: number }>(
            'select count(*) as n from users where tenant_id = $1 and organization_id = $2 and not deleted',
            [tx.tenantId, orgId],
          );
          if (members.rows[0]!.n > 0) throw businessError('errors.org.hasMembers', { count: members.rows[0]!.n });
          for (const check of orgDeleteChecks) {
            const reason = await check(tx, orgId);
            if (reason) throw businessError(reason);
          }
          // Deleted members keep no link to a deleted organisation.
          await tx.query('update users set organization_id = null where tenant_id = $1 and organization_id = $2', [
            tx.tenantId,
            orgId,
          ]);
          await tx.remove('organizations', [orgId]);
        })
        .catch((e) => {
          throw mapOrgViolation(e, null);
        });
      return ok(null);
    },
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
        for (const item of req.body.list) {
          await tx.get('organizations', item.id, 'id');
          await checkParent(tx, item.parentId, item.id);
          const values: Record<string, unknown> = { sort: item.sort, updated_at: new Date(), updated_by: tx.userId };
          if (item.parentId !== undefined) values.parent_id = item.parentId;
          await tx.update('organizations', item.id, values, 'id');
        }
      });
      return ok(null);
    },
  );
}
