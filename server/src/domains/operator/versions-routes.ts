import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.js';
import { ok, page } from '../../platform/http/envelope.js';
import { businessError, forbidden, notFound } from '../../platform/http/errors.js';
import {
  fieldError,
  filter,
  id,
  idBody,
  optText,
  paging,
  response,
  text,
  Where,
} from '../../platform/http/route-kit.js';
import { assertPlatformRowUnchanged, readVersionSchema } from '../../platform/resources/edit-check.js';
import { tenantMenuTree, withAncestors } from '../menu/tree.js';
import { pushVersionMenus, versionMenuIds } from './company-menus.js';

/*
 * System versions (spec 6, 7.3 sysversion/...): named menu sets. A new company takes its version's menus
 * (the default version when none is chosen); updateVersionMenu pushes a changed set to the companies of it.
 */
const P = {
  view: 'operatesys:version:view',
  add: 'operatesys:version:add',
  edit: 'operatesys:version:edit',
  remove: 'operatesys:version:delete',
  setDefault: 'operatesys:version:setDefault',
  setMenu: 'operatesys:version:setMenu',
};
const uuid = { type: 'string', format: 'uuid' };
const menuIds = { type: 'array', items: uuid, maxItems: 5000 };
const versionQuery = { type: 'object', required: ['versionId'], properties: { versionId: id } };

async function getVersion(db: Queryable, versionId: unknown): Promise<{ id: number; is_default: boolean }> {
  const r = await db.query<{ id: number; is_default: boolean }>(
    'select id, is_default from sys_versions where id = $1',
    [versionId],
  );
  if (!r.rows[0]) throw notFound('errors.version.notFound');
  return r.rows[0];
}

async function setVersionMenus(db: Queryable, versionId: number, ids: string[]): Promise<void> {
  const all = await withAncestors(db, ids);
  await db.query('delete from version_menus where version_id = $1', [versionId]);
  await db.query('insert into version_menus(version_id, menu_id) select $1, unnest($2::uuid[])', [versionId, all]);
}

async function makeDefault(db: Queryable, versionId: number): Promise<void> {
  await db.query('update sys_versions set is_default = (id = $1)', [versionId]);
}

export async function versionRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { page: number; limit: number; name?: string } }>(
    '/api-user/sysversion/getVersionPage',
    {
      config: { platform: true, permission: P.view },
      schema: {
        tags: ['operator'],
        summary: 'Versions with their company and menu counts, paged',
        querystring: { type: 'object', properties: { ...paging, name: filter(100) } },
        response,
      },
    },
    async (req) =>
      req.tenant(async (tx) => {
        const { page: pg, limit, name } = req.query;
        const w = new Where().ilike('v.name', name);
        const rows = await tx.query(
          `select v.id, v.name, v.is_default as "isDefault", v.remark, v.created_at as "createdAt",
                  v.updated_at as "updatedAt",
                  (select count(*) from companies c where c.version_id = v.id) as "companyCount",
                  (select count(*) from version_menus vm where vm.version_id = v.id) as "menuCount"
             from sys_versions v where ${w.sql} order by v.id limit ${w.next()} offset ${w.next(2)}`,
          [...w.params, limit, (pg - 1) * limit],
        );
        const n = await tx.query<{ n: number }>(`select count(*) as n from sys_versions v where ${w.sql}`, w.params);
        return page(rows.rows, n.rows[0]!.n);
      }),
  );

  app.post<{
    Body: {
      id?: number;
      name: string;
      remark?: string | null;
      isDefault?: boolean;
      menuIds?: string[];
      updatedAt?: string;
    };
  }>(
    '/api-user/sysversion/insertOrUpdateVersion',
    {
      config: { platform: true, permission: [P.add, P.edit] },
      schema: {
        tags: ['operator'],
        summary: 'Add a version (without id) or change one; the first version becomes the default',
        body: {
          type: 'object',
          required: ['name'],
          properties: {
            id,
            name: text(100),
            remark: optText(500),
            isDefault: { type: 'boolean' },
            menuIds,
            updatedAt: readVersionSchema,
          },
        },
        response,
      },
    },
    async (req) => {
      const b = req.body;
      const p = req.me();
      if (!p.permissions.has(b.id ? P.edit : P.add))
        throw forbidden('errors.noPermission', { code: b.id ? P.edit : P.add });
      if (b.isDefault && !p.permissions.has(P.setDefault))
        throw forbidden('errors.noPermission', { code: P.setDefault });
      const versionId = await req.tenant(async (tx) => {
        const dup = await tx.query('select 1 from sys_versions where name = $1 and id <> $2', [
          b.name.trim(),
          b.id ?? 0,
        ]);
        if (dup.rows.length) throw fieldError('name', 'errors.version.nameTaken', { name: b.name.trim() });
        let vid: number;
        if (b.id) {
          await getVersion(tx, b.id);
          await assertPlatformRowUnchanged(tx, 'sys_versions', b.id, b.updatedAt);
          await tx.query('update sys_versions set name = $2, remark = $3, updated_at = now() where id = $1', [
            b.id,
            b.name.trim(),
            b.remark || null,
          ]);
          vid = b.id;
        } else {
          const first = (await tx.query('select 1 from sys_versions limit 1')).rows.length === 0;
          const r = await tx.query<{ id: number }>(
            'insert into sys_versions(name, remark, is_default) values ($1, $2, $3) returning id',
            [b.name.trim(), b.remark || null, first],
          );
          vid = r.rows[0]!.id;
        }
        if (b.menuIds) await setVersionMenus(tx, vid, b.menuIds);
        if (b.isDefault) await makeDefault(tx, vid);
        return vid;
      });
      return ok({ id: versionId });
    },
  );

  app.get<{ Querystring: { versionId: number } }>(
    '/api-user/sysversion/findMenuByVersionId',
    {
      config: { platform: true, permission: P.view },
      schema: {
        tags: ['operator'],
        summary: "A version's menu ids, with the tree of every menu a tenant can have",
        querystring: versionQuery,
        response,
      },
    },
    async (req) =>
      ok(
        await req.tenant(async (tx) => {
          await getVersion(tx, req.query.versionId);
          return { menuIds: await versionMenuIds(tx, req.query.versionId), menus: await tenantMenuTree(tx) };
        }),
      ),
  );

  app.get<{ Querystring: { versionId: number } }>(
    '/api-user/sysversion/getMenuByVersionId',
    {
      config: { platform: true, permission: P.view },
      schema: {
        tags: ['operator'],
        summary: 'The menu tree of a version',
        querystring: versionQuery,
        response,
      },
    },
    async (req) =>
      ok(
        await req.tenant(async (tx) => {
          await getVersion(tx, req.query.versionId);
          return tenantMenuTree(tx, new Set(await versionMenuIds(tx, req.query.versionId)));
        }),
      ),
  );

  app.post<{ Body: { versionId: number; menuIds: string[] } }>(
    '/api-user/sysversion/saveVersionMenuid',
    {
      config: { platform: true, permission: P.setMenu },
      schema: {
        tags: ['operator'],
        summary: "Replace a version's menus (companies keep theirs until updateVersionMenu)",
        body: { type: 'object', required: ['versionId', 'menuIds'], properties: { versionId: id, menuIds } },
        response,
      },
    },
    async (req) => {
      await req.tenant(async (tx) => {
        await getVersion(tx, req.body.versionId);
        await setVersionMenus(tx, req.body.versionId, req.body.menuIds);
      });
      return ok(null);
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-user/sysversion/delVersion',
    {
      config: { platform: true, permission: P.remove },
      schema: {
        tags: ['operator'],
        summary: 'Delete a version; refused while companies use it and for the default version',
        body: idBody,
        response,
      },
    },
    async (req) => {
      await req.tenant(async (tx) => {
        const v = await getVersion(tx, req.body.id);
        const used = await tx.query<{ n: number }>('select count(*) as n from companies where version_id = $1', [
          req.body.id,
        ]);
        if (used.rows[0]!.n > 0) throw businessError('errors.version.inUse', { count: used.rows[0]!.n });
        if (v.is_default) throw businessError('errors.version.isDefault');
        await tx.query('delete from sys_versions where id = $1', [req.body.id]);
      });
      return ok(null);
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-user/sysversion/updateVersionDefault',
    {
      config: { platform: true, permission: P.setDefault },
      schema: {
        tags: ['operator'],
        summary: 'Make a version the default for new companies (the only default)',
        body: idBody,
        response,
      },
    },
    async (req) => {
      await req.tenant(async (tx) => {
        await getVersion(tx, req.body.id);
        await makeDefault(tx, req.body.id);
      });
      return ok(null);
    },
  );

  app.post<{ Body: { id: number } }>(
    '/api-user/sysversion/updateVersionMenu',
    {
      config: { platform: true, permission: P.setMenu },
      schema: {
        tags: ['operator'],
        summary: "Give every company of a version exactly the version's menus",
        body: idBody,
        response,
      },
    },
    async (req) => {
      const n = await req.platform(async (tx) => {
        await getVersion(tx, req.body.id);
        return pushVersionMenus(tx, req.body.id);
      });
      return ok({ companies: n });
    },
  );
}
