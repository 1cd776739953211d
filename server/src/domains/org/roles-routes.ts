import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import { fieldError, id, ids, response } from '../../platform/http/route-kit.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { isPage } from './role-rules.js';
import { assertAdminRemains } from './users.js';

/** A role of the tenant (404 for another tenant's). */
async function findRole(tx: TenantTx, roleId: number): Promise<{ id: number; is_admin: boolean }> {
  return tx.get<{ id: number; is_admin: boolean }>('roles', roleId, 'id, is_admin');
}

/**
 * Who holds a role (users/setRoleToOrgAndUser ...). The roles themselves are the engine's entity `role`
 * (resources.ts); their grants of menus and buttons are the menu domain's (sys/saveRoleAndMenuid).
 */
export async function roleRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api-user/role/templates',
    {
      config: { permission: 'setUp:role:add' },
      schema: {
        tags: ['org'],
        summary:
          "The operator's role templates a new role may start from (role/save with templateId), each with how many of its pages the company has",
        response,
      },
    },
    async (req) =>
      ok(
        await req.tenant(async (tx) => {
          // A page counts, not the groups above it: the template's groups come with its pages.
          const r = await tx.query<{ id: number; name: string; remark: string | null; pages: number }>(
            `select t.id, t.name, t.remark,
                    (select count(*)::int from role_template_menus tm
                       join company_menus cm on cm.tenant_id = $1 and cm.menu_id = tm.menu_id
                      where tm.template_id = t.id and ${isPage('tm.menu_id')}) as pages
               from role_templates t order by t.name, t.id`,
            [tx.tenantId],
          );
          return r.rows;
        }),
      ),
  );

  const assignBody = {
    type: 'object',
    required: ['roleId'],
    properties: { roleId: id, userIds: ids, organizationIds: ids },
  };
  type AssignBody = { roleId: number; userIds?: number[]; organizationIds?: number[] };

  app.post<{ Body: AssignBody }>(
    '/api-user/users/setRoleToOrgAndUser',
    {
      config: { permission: 'setUp:role:assignUsers' },
      schema: {
        tags: ['org'],
        summary: 'Give a role to members and organisations (added to those it already has)',
        body: assignBody,
        response,
      },
    },
    async (req) => {
      const p = req.me();
      const { roleId, userIds = [], organizationIds = [] } = req.body;
      await req.tenant(async (tx) => {
        const role = await findRole(tx, roleId);
        if (role.is_admin && !p.isAdmin) throw businessError('errors.role.adminOnly');
        const users = await tx.query(
          'select id from users where tenant_id = $1 and id = any($2::bigint[]) and not deleted',
          [tx.tenantId, userIds],
        );
        if (users.rows.length !== new Set(userIds).size) throw fieldError('userIds', 'errors.userNotFound');
        const orgs = await tx.query('select id from organizations where tenant_id = $1 and id = any($2::bigint[])', [
          tx.tenantId,
          organizationIds,
        ]);
        if (orgs.rows.length !== new Set(organizationIds).size)
          throw fieldError('organizationIds', 'errors.org.notFound');
        await tx.query(
          `insert into user_roles(tenant_id, user_id, role_id) select $1, unnest($2::bigint[]), $3 on conflict do nothing`,
          [tx.tenantId, userIds, roleId],
        );
        await tx.query(
          `insert into role_orgs(tenant_id, role_id, organization_id) select $1, $3, unnest($2::bigint[])
           on conflict do nothing`,
          [tx.tenantId, organizationIds, roleId],
        );
      });
      return ok(null);
    },
  );

  app.post<{ Body: AssignBody }>(
    '/api-user/users/deleleMemeberRole',
    {
      config: { permission: 'setUp:role:assignUsers' },
      schema: {
        tags: ['org'],
        summary: 'Take a role away from members and organisations',
        body: assignBody,
        response,
      },
    },
    async (req) => {
      const p = req.me();
      const { roleId, userIds = [], organizationIds = [] } = req.body;
      await req.tenant(async (tx) => {
        const role = await findRole(tx, roleId);
        if (role.is_admin && !p.isAdmin) throw businessError('errors.role.adminOnly');
        await tx.query('delete from user_roles where tenant_id = $1 and role_id = $2 and user_id = any($3::bigint[])', [
          tx.tenantId,
          roleId,
          userIds,
        ]);
        await tx.query(
          'delete from role_orgs where tenant_id = $1 and role_id = $2 and organization_id = any($3::bigint[])',
          [tx.tenantId, roleId, organizationIds],
        );
        if (role.is_admin) await assertAdminRemains(tx);
      });
      return ok(null);
    },
  );

  app.get<{ Querystring: { roleId: number } }>(
    '/api-user/users/getOrgAndUserByRole',
    {
      config: { permission: 'setUp:role:view' },
      schema: {
        tags: ['org'],
        summary: 'The members and organisations that hold a role',
        querystring: { type: 'object', required: ['roleId'], properties: { roleId: id } },
        response,
      },
    },
    async (req) =>
      ok(
        await req.tenant(async (tx) => {
          await tx.get('roles', req.query.roleId, 'id');
          const users = await tx.query(
            `select u.id, u.peoplename, u.username, u.number, u.state, u.organization_id as organizationid,
                    o.organization_name as "organizationName"
               from user_roles ur join users u on u.tenant_id = ur.tenant_id and u.id = ur.user_id and not u.deleted
               left join organizations o on o.tenant_id = u.tenant_id and o.id = u.organization_id
              where ur.tenant_id = $1 and ur.role_id = $2 order by u.id`,
            [tx.tenantId, req.query.roleId],
          );
          const orgs = await tx.query(
            `select o.id, o.organization_name as "organizationName", o.organization_code as "organizationCode"
               from role_orgs ro join organizations o on o.tenant_id = ro.tenant_id and o.id = ro.organization_id
              where ro.tenant_id = $1 and ro.role_id = $2 order by o.sort, o.id`,
            [tx.tenantId, req.query.roleId],
          );
          return { users: users.rows, organizations: orgs.rows };
        }),
      ),
  );
}
