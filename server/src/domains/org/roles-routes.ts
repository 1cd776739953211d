import type { FastifyInstance } from 'fastify';
import { ok, page } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import { PAGE_MAX } from '../../platform/http/input-guard.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { fieldError, filter, id, idBody, ids, optText, paging, pgViolation, response, text, Where } from './http.js';
import { assertAdminRemains } from './users.js';

interface RoleBody {
  id?: number;
  name?: string;
  code?: string | null;
  remark?: string | null;
  state?: number;
  templateId?: number;
}

const roleProps = {
  name: text(50),
  code: { type: ['string', 'null'], maxLength: 50, pattern: '^[A-Za-z0-9_.:-]*$' },
  remark: optText(500),
  state: { type: 'integer', enum: [0, 1] },
};

const ROLE_COLUMNS = `r.id, r.name, r.code, r.remark, r.state, r.is_admin as "isAdmin", r.created_at as "createdAt",
  (select count(*) from user_roles ur join users u on u.tenant_id = ur.tenant_id and u.id = ur.user_id and not u.deleted
    where ur.tenant_id = r.tenant_id and ur.role_id = r.id) as "userCount"`;

/** A role of the tenant (404 for another tenant's). */
async function findRole(tx: TenantTx, roleId: number): Promise<{ id: number; is_admin: boolean }> {
  return tx.get<{ id: number; is_admin: boolean }>('roles', roleId, 'id, is_admin');
}

async function assertNameFree(tx: TenantTx, name: string | undefined, exceptId = 0): Promise<void> {
  if (name === undefined) return;
  const r = await tx.query('select 1 from roles where tenant_id = $1 and name = $2 and id <> $3', [
    tx.tenantId,
    name.trim(),
    exceptId,
  ]);
  if (r.rows.length) throw fieldError('name', 'errors.role.nameTaken', { name: name.trim() });
}

/** The code "admin" marks the administrator role for the web's route generation; other roles cannot take it. */
function checkCode(code: string | null | undefined): void {
  if (code && code.toLowerCase() === 'admin') throw fieldError('code', 'errors.role.codeReserved');
}

function mapRoleViolation(err: unknown, name: string | undefined): unknown {
  const v = pgViolation(err);
  if (v?.code === '23505' && v.constraint === 'roles_name')
    return fieldError('name', 'errors.role.nameTaken', { name });
  return err;
}

/** Grants a role the menus of a role template that the company has, with every button of those menus. */
async function applyTemplate(tx: TenantTx, roleId: number, templateId: number): Promise<void> {
  const tpl = await tx.query('select 1 from role_templates where id = $1', [templateId]);
  if (!tpl.rows.length) throw fieldError('templateId', 'errors.roleTemplate.notFound');
  await tx.query(
    `insert into role_menus(tenant_id, role_id, menu_id)
     select $1, $2, cm.menu_id from company_menus cm
       join role_template_menus tm on tm.menu_id = cm.menu_id and tm.template_id = $3
      where cm.tenant_id = $1 on conflict do nothing`,
    [tx.tenantId, roleId, templateId],
  );
  await tx.query(
    `insert into role_buttons(tenant_id, role_id, button_id)
     select $1, $2, b.id from menu_buttons b
       join role_menus rm on rm.tenant_id = $1 and rm.role_id = $2 and rm.menu_id = b.menu_id
     on conflict do nothing`,
    [tx.tenantId, roleId],
  );
}

/** Roles of the tenant (spec 6, 7.2 role/...) and who holds them (users/setRoleToOrgAndUser ...). */
export async function roleRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { page?: number; limit?: number; name?: string; state?: number } }>(
    '/api-user/role/all',
    {
      config: { permission: ['setUp:role:view', 'setUp:organize:view'] },
      schema: {
        tags: ['org'],
        summary: 'Roles with their member counts; paged when page is given',
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: PAGE_MAX },
            limit: paging.limit,
            name: filter(50),
            state: { type: 'integer', enum: [0, 1] },
          },
        },
        response,
      },
    },
    async (req) =>
      req.tenant(async (tx) => {
        const q = req.query;
        const w = new Where([tx.tenantId]).add('r.tenant_id = $1').ilike('r.name', q.name);
        if (q.state !== undefined) w.add('r.state = ?', q.state);
        const paged = q.page !== undefined;
        const limit = q.limit ?? 20;
        const rows = await tx.query(
          `select ${ROLE_COLUMNS} from roles r where ${w.sql} order by r.is_admin desc, r.id
           ${paged ? `limit ${w.next()} offset ${w.next(2)}` : ''}`,
          paged ? [...w.params, limit, (q.page! - 1) * limit] : w.params,
        );
        const n = paged
          ? (await tx.query<{ n: number }>(`select count(*) as n from roles r where ${w.sql}`, w.params)).rows[0]!.n
          : rows.rows.length;
        return page(rows.rows, n);
      }),
  );

  app.post<{ Body: RoleBody }>(
    '/api-user/role/save',
    {
      config: { permission: 'setUp:role:add' },
      schema: {
        tags: ['org'],
        summary: 'Add a role; with templateId it starts with the menus of that role template',
        body: { type: 'object', required: ['name'], properties: { ...roleProps, templateId: id } },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      const roleId = await req
        .tenant(async (tx) => {
          checkCode(b.code);
          await assertNameFree(tx, b.name);
          const row = await tx.insert<{ id: number }>(
            'roles',
            {
              name: b.name!.trim(),
              code: b.code || null,
              remark: b.remark || null,
              state: b.state ?? 1,
              created_by: tx.userId,
              updated_by: tx.userId,
            },
            'id',
          );
          if (b.templateId) await applyTemplate(tx, row.id, b.templateId);
          return row.id;
        })
        .catch((e) => {
          throw mapRoleViolation(e, b.name);
        });
      return ok({ id: roleId });
    },
  );

  app.post<{ Body: RoleBody & { id: number } }>(
    '/api-user/role/update',
    {
      config: { permission: 'setUp:role:edit' },
      schema: {
        tags: ['org'],
        summary: 'Change a role (the administrator role cannot be disabled)',
        body: { type: 'object', required: ['id'], properties: { id, ...roleProps } },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      const p = req.me();
      await req
        .tenant(async (tx) => {
          const role = await findRole(tx, b.id);
          if (role.is_admin && !p.isAdmin) throw businessError('errors.role.adminOnly');
          if (role.is_admin && b.state === 0) throw fieldError('state', 'errors.role.adminProtected');
          if (!role.is_admin) checkCode(b.code);
          await assertNameFree(tx, b.name, b.id);
          const values: Record<string, unknown> = { updated_at: new Date(), updated_by: p.userId };
          if (b.name !== undefined) values.name = b.name.trim();
          if (b.code !== undefined) values.code = b.code || null;
          if (b.remark !== undefined) values.remark = b.remark || null;
          if (b.state !== undefined) values.state = b.state;
          await tx.update('roles', b.id, values, 'id');
        })
        .catch((e) => {
          throw mapRoleViolation(e, b.name);
        });
      return ok(null);
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-user/role/del',
    {
      config: { permission: 'setUp:role:delete' },
      schema: {
        tags: ['org'],
        summary: 'Delete a role; refused while members hold it, and for the administrator role',
        body: idBody,
        response,
      },
    },
    async (req) => {
      await req.tenant(async (tx) => {
        const role = await findRole(tx, req.body.id);
        if (role.is_admin) throw businessError('errors.role.adminProtected');
        const held = await tx.query<{ n: number }>(
          `select count(*) as n from user_roles ur join users u on u.tenant_id = ur.tenant_id and u.id = ur.user_id
            where ur.tenant_id = $1 and ur.role_id = $2 and not u.deleted`,
          [tx.tenantId, req.body.id],
        );
        const n = held.rows[0]!.n;
        if (n > 0) throw businessError('errors.role.inUse', { count: n });
        await tx.remove('roles', [req.body.id]);
      });
      return ok(null);
    },
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
