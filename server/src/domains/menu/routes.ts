import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../platform/auth/principal.js';
import { ok } from '../../platform/http/envelope.js';
import { businessError, invalid } from '../../platform/http/errors.js';
import { isLang, namespace } from '../../platform/i18n/index.js';
import { assertPlatformRowUnchanged, readVersionSchema } from '../../platform/resources/edit-check.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { operatorMenuKeys } from '../../seed/menus.js';
import { type ButtonRow, buildTree, type MenuNode, type MenuRow } from './tree.js';

const envelope = {
  type: 'object',
  additionalProperties: true,
  properties: { rtnCode: { type: 'integer' }, msg: { type: 'string' } },
};
const uuid = { type: 'string', format: 'uuid' };
const MENU_COLS =
  'm.id, m.parent_id, m.key, m.menuname, m.icon, m.url, m.query, m.sort, m.hidden, m.isone, m.formtype, m.fromproject, m.platform_only';

/** The company's menus and buttons; `withVersion` adds each menu's updatedAt (the menu editor sends it back). */
async function companyMenus(tx: TenantTx, withVersion = false): Promise<{ menus: MenuRow[]; buttons: ButtonRow[] }> {
  const menus = await tx.query<MenuRow>(
    `select ${MENU_COLS}${withVersion ? ', m.updated_at' : ''}
       from menus m join company_menus cm on cm.menu_id = m.id and cm.tenant_id = $1`,
    [tx.tenantId],
  );
  const buttons = await tx.query<ButtonRow>(
    `select b.id, b.menu_id, b.name, b.ext4, b.sort from menu_buttons b
       join company_menus cm on cm.menu_id = b.menu_id and cm.tenant_id = $1`,
    [tx.tenantId],
  );
  return { menus: menus.rows, buttons: buttons.rows };
}

/** Keys of the menus of the operator's console (its groups and the navbar pages it needs). */
const OPERATOR_MENUS = operatorMenuKeys();

/**
 * The caller's menu tree: their roles' menus within the company's, with the buttons they hold. The platform
 * company's people (root) get the operator's console only: the company holds every shared menu, but a tenant's
 * business pages are empty there.
 */
export async function callerMenuTree(tx: TenantTx, p: Principal): Promise<MenuNode[]> {
  const all = await companyMenus(tx);
  const menus = p.isPlatform ? all.menus.filter((m) => m.key !== null && OPERATOR_MENUS.has(m.key)) : all.menus;
  const buttons = all.buttons.filter((b) => menus.some((m) => m.id === b.menu_id));
  let visible: Set<string> | undefined;
  if (!p.isAdmin) {
    const r = await tx.query<{ menu_id: string }>(
      `select distinct rm.menu_id from role_menus rm
         join user_roles ur on ur.tenant_id = rm.tenant_id and ur.role_id = rm.role_id
         join roles r on r.tenant_id = rm.tenant_id and r.id = rm.role_id and r.state = 1
        where rm.tenant_id = $1 and ur.user_id = $2`,
      [tx.tenantId, p.userId],
    );
    visible = new Set(r.rows.map((x) => x.menu_id).filter((id) => menus.some((m) => m.id === id)));
  }
  return buildTree(
    menus,
    buttons.filter((b) => p.permissions.has(b.ext4)),
    visible,
  );
}

async function roleGrants(tx: TenantTx, roleId: unknown): Promise<{ menuIds: string[]; buttonIds: string[] }> {
  await tx.get('roles', roleId, 'id');
  const m = await tx.query<{ menu_id: string }>(
    'select menu_id from role_menus where tenant_id = $1 and role_id = $2',
    [tx.tenantId, roleId],
  );
  const b = await tx.query<{ button_id: string }>(
    'select button_id from role_buttons where tenant_id = $1 and role_id = $2',
    [tx.tenantId, roleId],
  );
  return { menuIds: m.rows.map((r) => r.menu_id), buttonIds: b.rows.map((r) => r.button_id) };
}

interface MenuBody {
  id?: string;
  parentId?: string | null;
  menuname?: string;
  icon?: string;
  url?: string;
  query?: string;
  sort?: number;
  hidden?: boolean;
  isone?: boolean;
  formtype?: number;
  fromproject?: boolean;
  titles?: Partial<Record<'zh' | 'en' | 'tw', string>>;
  updatedAt?: string;
}

const titlesSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(['zh', 'en', 'tw'].map((l) => [l, { type: 'string', maxLength: 100 }])),
};

/** The operator's names per language, blanks left out; null when none is given. */
const cleanTitles = (titles: MenuBody['titles']): string | null => {
  if (!titles) return null;
  const kept = Object.fromEntries(
    Object.entries(titles)
      .filter(([, v]) => v?.trim())
      .map(([k, v]) => [k, v!.trim()]),
  );
  return Object.keys(kept).length ? JSON.stringify(kept) : null;
};

/** A menu of the operator's editor: shared by every company (a company's own menus are not the editor's). */
async function sharedMenuExists(tx: TenantTx, id: string): Promise<boolean> {
  return (await tx.query('select 1 from menus where id = $1 and owner_tenant_id is null', [id])).rows.length > 0;
}

const menuBody = {
  type: 'object',
  properties: {
    id: uuid,
    parentId: { anyOf: [uuid, { type: 'null' }] },
    menuname: { type: 'string', minLength: 1, maxLength: 100 },
    icon: { type: 'string', maxLength: 100 },
    url: { type: 'string', maxLength: 500 },
    query: { type: 'string', maxLength: 500 },
    sort: { type: 'integer' },
    hidden: { type: 'boolean' },
    isone: { type: 'boolean' },
    formtype: { type: 'integer' },
    fromproject: { type: 'boolean' },
    titles: titlesSchema,
    updatedAt: readVersionSchema,
  },
};

/** Menus of spec 7.2: the caller's tree, the company's tree, role grants and the operator's menu editor. */
export async function menuRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api-user/sys/me',
    {
      config: { selfService: true },
      schema: { tags: ['menu'], summary: 'Menus of the caller (root 0)', response: { 200: envelope } },
    },
    async (req) => {
      // req.me() inside the transaction: a read's principal is confirmed (and refreshed) as it opens.
      const me = await req.tenant((tx) => callerMenuTree(tx, req.me()));
      return { rtnCode: 200, msg: 'success', me };
    },
  );

  app.get<{ Querystring: { lang?: string } }>(
    '/api-user/sys/menuLocale',
    {
      config: { selfService: true },
      schema: {
        tags: ['menu'],
        summary: 'Menu titles of a language keyed by the menu id without dashes',
        querystring: { type: 'object', properties: { lang: { type: 'string', enum: ['zh', 'en', 'tw'] } } },
        response: { 200: envelope },
      },
    },
    async (req) => {
      const lang = isLang(req.query.lang) ? req.query.lang : req.lang;
      const titles = namespace(lang, 'menu');
      // Row security on menus leaves the shared menus and the caller's company's own.
      const r = await req.tenant((tx) =>
        tx.query<{ id: string; key: string | null; menuname: string; title: string | null }>(
          'select id, key, menuname, titles->>$1 as title from menus',
          [lang],
        ),
      );
      const data: Record<string, string> = {};
      // A name the operator gave in the menu editor wins over the product's own title of the menu key.
      for (const m of r.rows) data[m.id.replace(/-/g, '')] = m.title || (m.key && titles[m.key]) || m.menuname;
      return ok(data);
    },
  );

  app.get(
    '/api-user/sys/all',
    {
      config: { permission: ['setUp:role:view', 'admin:menu:view'] },
      schema: {
        tags: ['menu'],
        summary: "The company's whole menu tree with every button",
        response: { 200: envelope },
      },
    },
    async (req) =>
      ok(
        await req.tenant(async (tx) => {
          const { menus, buttons } = await companyMenus(tx, true);
          return buildTree(menus, buttons);
        }),
      ),
  );

  app.get<{ Querystring: { roleId?: string } }>(
    '/api-user/sys/findAllMenusByRoleId',
    {
      config: { permission: 'setUp:role:view' },
      schema: {
        tags: ['menu'],
        querystring: { type: 'object', required: ['roleId'], properties: { roleId: { type: 'integer' } } },
        response: { 200: envelope },
      },
    },
    async (req) => ok(await req.tenant((tx) => roleGrants(tx, req.query.roleId))),
  );

  app.get<{ Querystring: { roleId?: string } }>(
    '/api-user/sys/getMenuByRole',
    {
      config: { permission: 'setUp:role:view' },
      schema: {
        tags: ['menu'],
        querystring: { type: 'object', required: ['roleId'], properties: { roleId: { type: 'integer' } } },
        response: { 200: envelope },
      },
    },
    async (req) =>
      ok(
        await req.tenant(async (tx) => {
          const grants = await roleGrants(tx, req.query.roleId);
          const { menus, buttons } = await companyMenus(tx);
          const granted = new Set(grants.buttonIds);
          return buildTree(
            menus,
            buttons.filter((b) => granted.has(b.id)),
            new Set(grants.menuIds),
          );
        }),
      ),
  );

  app.get<{ Querystring: { menuId?: string } }>(
    '/api-user/sys/getButton',
    {
      config: { permission: ['setUp:role:view', 'admin:menu:view'] },
      schema: {
        tags: ['menu'],
        querystring: { type: 'object', required: ['menuId'], properties: { menuId: uuid } },
        response: { 200: envelope },
      },
    },
    async (req) =>
      ok(
        await req.tenant(
          async (tx) =>
            // menu_buttons has no row security of its own: the join with menus (row security: shared menus and
            // the company's own) keeps another company's form buttons out.
            (
              await tx.query(
                `select b.id, b.menu_id as "menuId", b.name, b.ext4, b.sort
                   from menu_buttons b join menus m on m.id = b.menu_id
                  where b.menu_id = $1 order by b.sort`,
                [req.query.menuId],
              )
            ).rows,
        ),
      ),
  );

  app.post<{ Body: { roleId: number; menuIds?: string[]; buttonIds?: string[] } }>(
    '/api-user/sys/saveRoleAndMenuid',
    {
      config: { permission: 'setUp:role:setMenu' },
      schema: {
        tags: ['menu'],
        summary: 'Replace the menus and buttons granted to a role (within the company menus)',
        body: {
          type: 'object',
          required: ['roleId'],
          properties: {
            roleId: { type: 'integer' },
            menuIds: { type: 'array', items: uuid, maxItems: 5000 },
            buttonIds: { type: 'array', items: uuid, maxItems: 20000 },
          },
        },
        response: { 200: envelope },
      },
    },
    async (req) => {
      const { roleId, menuIds = [], buttonIds = [] } = req.body;
      await req.tenant(async (tx) => {
        await tx.get('roles', roleId, 'id');
        await tx.query('delete from role_menus where tenant_id = $1 and role_id = $2', [tx.tenantId, roleId]);
        await tx.query('delete from role_buttons where tenant_id = $1 and role_id = $2', [tx.tenantId, roleId]);
        await tx.query(
          `insert into role_menus(tenant_id, role_id, menu_id)
           select $1, $2, cm.menu_id from company_menus cm where cm.tenant_id = $1 and cm.menu_id = any($3::uuid[])`,
          [tx.tenantId, roleId, menuIds],
        );
        await tx.query(
          `insert into role_buttons(tenant_id, role_id, button_id)
           select $1, $2, b.id from menu_buttons b join company_menus cm on cm.tenant_id = $1 and cm.menu_id = b.menu_id
            where b.id = any($3::uuid[])`,
          [tx.tenantId, roleId, buttonIds],
        );
      });
      return ok(null);
    },
  );

  // The operator's menu editor (超管专用 / menu): menus are shared by every tenant.
  app.post<{ Body: MenuBody }>(
    '/api-user/sys/save',
    {
      config: { platform: true, permission: 'admin:menu:add' },
      schema: { tags: ['menu'], body: { ...menuBody, required: ['menuname'] }, response: { 200: envelope } },
    },
    async (req) => {
      const b = req.body;
      const id = randomUUID();
      await req.tenant(async (tx) => {
        if (b.parentId && !(await sharedMenuExists(tx, b.parentId))) throw invalid('parentId', 'errors.menuNotFound');
        await tx.query(
          `insert into menus(id, parent_id, menuname, icon, url, query, sort, hidden, isone, formtype, fromproject, titles)
           values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12::jsonb)`,
          [
            id,
            b.parentId ?? null,
            b.menuname,
            b.icon ?? null,
            b.url ?? null,
            b.query ?? null,
            b.sort ?? 0,
            b.hidden ?? false,
            b.isone ?? false,
            b.formtype ?? null,
            b.fromproject ?? false,
            cleanTitles(b.titles),
          ],
        );
        await tx.query('insert into company_menus(tenant_id, menu_id) values ($1, $2)', [tx.tenantId, id]);
      });
      return ok({ id });
    },
  );

  app.post<{ Body: MenuBody }>(
    '/api-user/sys/update',
    {
      config: { platform: true, permission: 'admin:menu:edit' },
      schema: {
        tags: ['menu'],
        summary: 'Change a platform menu; answers the updatedAt it now has (the editor sends it with its next save)',
        body: { ...menuBody, required: ['id'] },
        response: { 200: envelope },
      },
    },
    async (req) => {
      const b = req.body;
      const saved = await req.tenant(async (tx) => {
        if (b.parentId === b.id) throw invalid('parentId', 'errors.menuOwnParent');
        if (b.parentId && !(await sharedMenuExists(tx, b.parentId))) throw invalid('parentId', 'errors.menuNotFound');
        await assertPlatformRowUnchanged(tx, 'menus', b.id, b.updatedAt);
        const r = await tx.query<{ updated_at: Date }>(
          `update menus set parent_id = coalesce($2, parent_id), menuname = coalesce($3, menuname), icon = coalesce($4, icon),
                 url = coalesce($5, url), query = coalesce($6, query), sort = coalesce($7, sort), hidden = coalesce($8, hidden),
                 isone = coalesce($9, isone), formtype = coalesce($10, formtype), fromproject = coalesce($11, fromproject),
                 titles = case when $12 then $13::jsonb else titles end, operator_edited = true, updated_at = now()
           where id = $1 and owner_tenant_id is null
           returning updated_at`,
          [
            b.id,
            b.parentId ?? null,
            b.menuname ?? null,
            b.icon ?? null,
            b.url ?? null,
            b.query ?? null,
            b.sort ?? null,
            b.hidden ?? null,
            b.isone ?? null,
            b.formtype ?? null,
            b.fromproject ?? null,
            b.titles !== undefined,
            cleanTitles(b.titles),
          ],
        );
        if (!r.rows[0]) throw invalid('id', 'errors.menuNotFound');
        return r.rows[0].updated_at;
      });
      return ok({ updatedAt: saved });
    },
  );

  app.post<{ Body: { list: { id: string; sort: number }[] } }>(
    '/api-user/sys/updateSort',
    {
      config: { platform: true, permission: 'admin:menu:edit' },
      schema: {
        tags: ['menu'],
        summary: 'Reorder menus: the new sort of each (the seed keeps it)',
        body: {
          type: 'object',
          required: ['list'],
          properties: {
            list: {
              type: 'array',
              minItems: 1,
              maxItems: 500,
              items: {
                type: 'object',
                required: ['id', 'sort'],
                properties: { id: uuid, sort: { type: 'integer', minimum: 0, maximum: 100000 } },
              },
            },
          },
        },
        response: { 200: envelope },
      },
    },
    async (req) => {
      const { list } = req.body;
      await req.tenant(async (tx) => {
        const r = await tx.query(
          `update menus m set sort = x.sort, operator_edited = true
             from jsonb_to_recordset($1::jsonb) as x(id uuid, sort int)
            where m.id = x.id and m.owner_tenant_id is null`,
          [JSON.stringify(list)],
        );
        if (r.rowCount !== new Set(list.map((x) => x.id)).size) throw invalid('list', 'errors.menuNotFound');
      });
      return ok(null);
    },
  );

  app.get<{ Querystring: { menuId: string } }>(
    '/api-user/sys/getMenuInfo',
    {
      config: { platform: true, permission: 'admin:menu:view' },
      schema: {
        tags: ['menu'],
        summary: "A menu's names per language and what a change reaches: the companies and roles that have it",
        querystring: { type: 'object', required: ['menuId'], properties: { menuId: uuid } },
        response: { 200: envelope },
      },
    },
    async (req) => {
      // Which companies have the menu is every tenant's business: the platform handle counts.
      const r = await req.platform((tx) =>
        tx.query<{
          titles: unknown;
          companyCount: number;
          roleCount: number;
          companies: string[];
        }>(
          `select m.titles,
                (select count(*) from company_menus cm join companies c on c.id = cm.tenant_id
                  where cm.menu_id = m.id and not c.is_platform)::int as "companyCount",
                (select count(*) from role_menus rm where rm.menu_id = m.id)::int as "roleCount",
                coalesce((select array_agg(x.name) from (select c.name from company_menus cm join companies c on c.id = cm.tenant_id
                           where cm.menu_id = m.id and not c.is_platform order by c.id limit 20) x), '{}') as companies
           from menus m where m.id = $1 and m.owner_tenant_id is null`,
          [req.query.menuId],
        ),
      );
      if (!r.rows[0]) throw invalid('menuId', 'errors.menuNotFound');
      return ok(r.rows[0]);
    },
  );

  app.post<{ Body: { id: string } }>(
    '/api-user/sys/del',
    {
      config: { platform: true, permission: 'admin:menu:delete' },
      schema: {
        tags: ['menu'],
        body: { type: 'object', required: ['id'], properties: { id: uuid } },
        response: { 200: envelope },
      },
    },
    async (req) => {
      // Children of every company count (a company's form pages sit under shared groups), and row security
      // hides the other companies' menus from a tenant transaction: the platform handle looks, and deletes.
      await req.platform(async (tx) => {
        const children = await tx.query('select 1 from menus where parent_id = $1 limit 1', [req.body.id]);
        if (children.rows.length) throw businessError('errors.menuHasChildren');
        const r = await tx.query('delete from menus where id = $1 and owner_tenant_id is null', [req.body.id]);
        if (r.rowCount === 0) throw invalid('id', 'errors.menuNotFound');
        await tx.query('update companies set perm_version = perm_version + 1');
      });
      return ok(null);
    },
  );

  app.post<{ Body: { menuId: string; name: string; ext4: string; sort?: number } }>(
    '/api-user/sys/saveButton',
    {
      config: { platform: true, permission: 'admin:menu:addButton' },
      schema: {
        tags: ['menu'],
        body: {
          type: 'object',
          required: ['menuId', 'name', 'ext4'],
          properties: {
            menuId: uuid,
            name: { type: 'string', minLength: 1, maxLength: 100 },
            ext4: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_:.-]+$' },
            sort: { type: 'integer' },
          },
        },
        response: { 200: envelope },
      },
    },
    async (req) => {
      const id = randomUUID();
      await req.tenant(async (tx) => {
        if (!(await sharedMenuExists(tx, req.body.menuId))) throw invalid('menuId', 'errors.menuNotFound');
        await tx.query('insert into menu_buttons(id, menu_id, name, ext4, sort) values ($1,$2,$3,$4,$5)', [
          id,
          req.body.menuId,
          req.body.name,
          req.body.ext4,
          req.body.sort ?? 0,
        ]);
        await tx.query('update companies set perm_version = perm_version + 1');
      });
      return ok({ id });
    },
  );

  app.post<{ Body: { id: string } }>(
    '/api-user/sys/delButton',
    {
      config: { platform: true, permission: 'admin:menu:deleteButton' },
      schema: {
        tags: ['menu'],
        body: { type: 'object', required: ['id'], properties: { id: uuid } },
        response: { 200: envelope },
      },
    },
    async (req) => {
      await req.tenant(async (tx) => {
        // menu_buttons has no row security: only a button of a shared menu is the editor's to delete.
        const r = await tx.query(
          'delete from menu_buttons b using menus m where m.id = b.menu_id and m.owner_tenant_id is null and b.id = $1',
          [req.body.id],
        );
        if (r.rowCount === 0) throw invalid('id', 'errors.buttonNotFound');
        await tx.query('update companies set perm_version = perm_version + 1');
      });
      return ok(null);
    },
  );
}
