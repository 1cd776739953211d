import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { ok, page } from '../../platform/http/envelope.js';
import { notFound } from '../../platform/http/errors.js';
import {
  fieldError,
  filter,
  id,
  idBody,
  optText,
  paging,
  pgViolation,
  response,
  text,
  Where,
} from '../../platform/http/route-kit.js';
import { assertPlatformRowUnchanged, readVersionSchema } from '../../platform/resources/edit-check.js';
import { tenantMenuTree, withAncestors } from '../menu/tree.js';

/*
 * Role templates: menu sets the operator prepares so a company can start a role from one
 * (role/save with templateId). Shared by all tenants, so only the platform operator edits them.
 * The menu tree has no page of its own for them; they belong to company authorisation.
 */
const VIEW = 'admin:companyAuthorize:view';
const EDIT = 'admin:companyAuthorize:authorize';
const SET_MENU = 'admin:companyAuthorize:setMenu';
const DELETE = 'admin:companyAuthorize:revoke';

function mapNameViolation(err: unknown, name: string | undefined): unknown {
  const v = pgViolation(err);
  if (v?.code === '23505') return fieldError('name', 'errors.roleTemplate.nameTaken', { name });
  return err;
}

async function assertNameFree(db: Queryable, name: string | undefined, exceptId = 0): Promise<void> {
  if (name === undefined) return;
  const r = await db.query('select 1 from role_templates where name = $1 and id <> $2', [name.trim(), exceptId]);
  if (r.rows.length) throw fieldError('name', 'errors.roleTemplate.nameTaken', { name: name.trim() });
}

const uuid = { type: 'string', format: 'uuid' };

export async function roleTemplateRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { page: number; limit: number; name?: string } }>(
    '/api-user/roletemplate/all',
    {
      config: { platform: true, permission: VIEW },
      schema: {
        tags: ['operator'],
        summary: 'Role templates, paged',
        querystring: { type: 'object', properties: { ...paging, name: filter(50) } },
        response,
      },
    },
    async (req) =>
      req.tenant(async (tx) => {
        const { page: pg, limit, name } = req.query;
        const w = new Where().ilike('t.name', name);
        const rows = await tx.query(
          `select t.id, t.name, t.remark, t.created_at as "createdAt", t.updated_at as "updatedAt",
                  (select count(*) from role_template_menus tm where tm.template_id = t.id) as "menuCount"
             from role_templates t where ${w.sql} order by t.id limit ${w.next()} offset ${w.next(2)}`,
          [...w.params, limit, (pg - 1) * limit],
        );
        const n = await tx.query<{ n: number }>(`select count(*) as n from role_templates t where ${w.sql}`, w.params);
        return page(rows.rows, n.rows[0]!.n);
      }),
  );

  app.post<{ Body: { name: string; remark?: string | null; menuIds?: string[] } }>(
    '/api-user/roletemplate/save',
    {
      config: { platform: true, permission: EDIT },
      schema: {
        tags: ['operator'],
        summary: 'Add a role template, optionally with its menus',
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: text(50), remark: optText(500), menuIds: { type: 'array', items: uuid, maxItems: 5000 } },
        },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      const templateId = await req
        .tenant(async (tx) => {
          await assertNameFree(tx, b.name);
          const r = await tx.query<{ id: number }>(
            'insert into role_templates(name, remark) values ($1, $2) returning id',
            [b.name.trim(), b.remark || null],
          );
          await setTemplateMenus(tx, r.rows[0]!.id, b.menuIds ?? []);
          return r.rows[0]!.id;
        })
        .catch((e) => {
          throw mapNameViolation(e, b.name);
        });
      return ok({ id: templateId });
    },
  );

  app.post<{ Body: { id: number; name?: string; remark?: string | null; updatedAt?: string } }>(
    '/api-user/roletemplate/update',
    {
      config: { platform: true, permission: EDIT },
      schema: {
        tags: ['operator'],
        summary: 'Rename a role template or change its remark',
        body: {
          type: 'object',
          required: ['id'],
          properties: { id, name: text(50), remark: optText(500), updatedAt: readVersionSchema },
        },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      await req
        .tenant(async (tx) => {
          await assertNameFree(tx, b.name, b.id);
          await assertPlatformRowUnchanged(tx, 'role_templates', b.id, b.updatedAt);
          const r = await tx.query(
            `update role_templates set name = coalesce($2, name), remark = case when $4 then $3 else remark end,
                    updated_at = now()
              where id = $1`,
            [b.id, b.name?.trim() ?? null, b.remark || null, b.remark !== undefined],
          );
          if (r.rowCount === 0) throw notFound('errors.roleTemplate.notFound');
        })
        .catch((e) => {
          throw mapNameViolation(e, b.name);
        });
      return ok(null);
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-user/roletemplate/del',
    {
      config: { platform: true, permission: DELETE },
      schema: { tags: ['operator'], summary: 'Delete a role template', body: idBody, response },
    },
    async (req) => {
      await req.tenant(async (tx) => {
        const r = await tx.query('delete from role_templates where id = $1', [req.body.id]);
        if (r.rowCount === 0) throw notFound('errors.roleTemplate.notFound');
      });
      return ok(null);
    },
  );

  app.get<{ Querystring: { roleId: number } }>(
    '/api-user/roletemplate/getAllMenusByRoleId',
    {
      config: { platform: true, permission: VIEW },
      schema: {
        tags: ['operator'],
        summary: "A template's menu ids, with the tree of every menu a tenant can have",
        querystring: { type: 'object', required: ['roleId'], properties: { roleId: id } },
        response,
      },
    },
    async (req) =>
      ok(
        await req.tenant(async (tx) => {
          const tpl = await tx.query('select 1 from role_templates where id = $1', [req.query.roleId]);
          if (!tpl.rows.length) throw notFound('errors.roleTemplate.notFound');
          const r = await tx.query<{ menu_id: string }>(
            'select menu_id from role_template_menus where template_id = $1 order by menu_id',
            [req.query.roleId],
          );
          return { menuIds: r.rows.map((x) => x.menu_id), menus: await tenantMenuTree(tx) };
        }),
      ),
  );

  app.post<{ Body: { roleId: number; menuIds: string[] } }>(
    '/api-user/roletemplate/updateMenuToRole',
    {
      config: { platform: true, permission: SET_MENU },
      schema: {
        tags: ['operator'],
        summary: 'Replace the menus of a role template (operator-only menus are left out)',
        body: {
          type: 'object',
          required: ['roleId', 'menuIds'],
          properties: { roleId: id, menuIds: { type: 'array', items: uuid, maxItems: 5000 } },
        },
        response,
      },
    },
    async (req) => {
      await req.tenant(async (tx) => {
        const tpl = await tx.query('select 1 from role_templates where id = $1', [req.body.roleId]);
        if (!tpl.rows.length) throw notFound('errors.roleTemplate.notFound');
        await setTemplateMenus(tx, req.body.roleId, req.body.menuIds);
      });
      return ok(null);
    },
  );
}

/** Replaces a template's menus with the given tenant menus and the groups above them (a page keeps its group). */
export async function setTemplateMenus(db: Queryable, templateId: number, menuIds: string[]): Promise<void> {
  await db.query('delete from role_template_menus where template_id = $1', [templateId]);
  await db.query(
    `insert into role_template_menus(template_id, menu_id)
     select $1, m.id from menus m where m.id = any($2::uuid[]) and not m.platform_only and m.owner_tenant_id is null`,
    [templateId, await withAncestors(db, menuIds)],
  );
}
