import { randomUUID } from 'node:crypto';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import { buildTree, type MenuNode, type MenuRow } from './tree.js';

/**
 * Menus a tenant owns (menus.owner_tenant_id): leaves the company adds to its own sidebar, such as the page of
 * a custom form. The operator's menus have no owner; a tenant's own menus are seen by that tenant only (row
 * policy), are never offered to other companies, versions or role templates, and go with the company.
 * A tenant's menu is identified by its url and query.
 */
export interface OwnMenu {
  parentId: string;
  /** The zh title (menuname); en and tw titles in `titles` (served by /api-user/sys/menuLocale). */
  menuname: string;
  titles: { en: string; tw: string };
  url: string;
  query: string;
  hidden: boolean;
  /** The leaf opens a project page (spec 2.6: a leaf with a query that belongs to a project). */
  fromproject?: boolean;
  /** Buttons (permission codes) of the page: created with the menu, kept as they are afterwards. */
  buttons: { name: string; ext4: string }[];
}

async function findOwnMenu(tx: TenantTx, url: string, query: string): Promise<string | null> {
  const r = await tx.query<{ id: string }>(
    'select id from menus where owner_tenant_id = $1 and url = $2 and query = $3 limit 1',
    [tx.tenantId, url, query],
  );
  return r.rows[0]?.id ?? null;
}

/** Creates the tenant's menu (given to the company, last under its parent), or moves and renames it. */
export async function saveOwnMenu(tx: TenantTx, m: OwnMenu): Promise<string> {
  const titles = JSON.stringify(m.titles);
  const known = await findOwnMenu(tx, m.url, m.query);
  const sort = await tx.query<{ next: number }>(
    'select coalesce(max(sort), 0) + 10 as next from menus where parent_id = $1 and ($2::uuid is null or id <> $2)',
    [m.parentId, known],
  );
  if (known) {
    await tx.query(
      `update menus set parent_id = $2, menuname = $3, titles = $4::jsonb, hidden = $5,
              sort = case when parent_id = $2 then sort else $6 end, fromproject = $8
        where id = $1 and owner_tenant_id = $7`,
      [known, m.parentId, m.menuname, titles, m.hidden, sort.rows[0]!.next, tx.tenantId, m.fromproject ?? false],
    );
    return known;
  }
  const id = randomUUID();
  await tx.query(
    `insert into menus(id, parent_id, menuname, titles, url, query, sort, hidden, owner_tenant_id, fromproject)
     values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      m.parentId,
      m.menuname,
      titles,
      m.url,
      m.query,
      sort.rows[0]!.next,
      m.hidden,
      tx.tenantId,
      m.fromproject ?? false,
    ],
  );
  for (const [i, b] of m.buttons.entries())
    await tx.query('insert into menu_buttons(id, menu_id, name, ext4, sort) values ($1, $2, $3, $4, $5)', [
      randomUUID(),
      id,
      b.name,
      b.ext4,
      i,
    ]);
  await tx.query('insert into company_menus(tenant_id, menu_id) values ($1, $2)', [tx.tenantId, id]);
  return id;
}

/** Renames or hides the tenant's menu of a url and query, if there is one. */
export async function updateOwnMenu(
  tx: TenantTx,
  url: string,
  query: string,
  patch: Pick<OwnMenu, 'menuname' | 'titles' | 'hidden'>,
): Promise<void> {
  await tx.query(
    `update menus set menuname = $4, titles = $5::jsonb, hidden = $6
      where owner_tenant_id = $1 and url = $2 and query = $3`,
    [tx.tenantId, url, query, patch.menuname, JSON.stringify(patch.titles), patch.hidden],
  );
}

/** Deletes the tenant's menus of these urls and queries (role grants of them go too); returns how many. */
export async function deleteOwnMenus(tx: TenantTx, url: string | string[], queries: string[]): Promise<number> {
  const r = await tx.query(
    'delete from menus where owner_tenant_id = $1 and url = any($2::text[]) and query = any($3::text[])',
    [tx.tenantId, Array.isArray(url) ? url : [url], queries],
  );
  return r.rowCount;
}

/** The company's menu groups (menus with sub-menus and no page), as a tree: where a tenant's menu may go. */
export async function menuGroups(tx: TenantTx): Promise<MenuNode[]> {
  const r = await tx.query<MenuRow>(
    `select m.id, m.parent_id, m.key, m.menuname, m.icon, m.url, m.query, m.sort, m.hidden, m.isone, m.formtype,
            m.fromproject, m.platform_only
       from menus m join company_menus cm on cm.menu_id = m.id and cm.tenant_id = $1
      where coalesce(m.url, '') = '' and m.owner_tenant_id is null and not m.hidden
        and exists (select 1 from menus c where c.parent_id = m.id)`,
    [tx.tenantId],
  );
  return buildTree(r.rows, []);
}

/** Whether a menu is one of the company's groups. */
export async function isMenuGroup(tx: TenantTx, id: string): Promise<boolean> {
  const r = await tx.query(
    `select 1 from menus m join company_menus cm on cm.menu_id = m.id and cm.tenant_id = $1
      where m.id = $2 and coalesce(m.url, '') = '' and m.owner_tenant_id is null
        and exists (select 1 from menus c where c.parent_id = m.id)`,
    [tx.tenantId, id],
  );
  return r.rows.length > 0;
}
