import type { Queryable } from '../db/index.js';
import { t } from '../platform/i18n/index.js';
import { uuidFor } from '../platform/uuid.js';
import { menuTree } from './menu-tree.js';
import type { MenuSeed } from './menu-types.js';

export const menuId = (key: string) => uuidFor(`menu:${key}`);
export const buttonId = (key: string, action: string) => uuidFor(`button:${key}:${action}`);
export const permissionCode = (key: string, action: string) => `${key.replace(/\./g, ':')}:${action}`;

interface FlatMenu {
  seed: MenuSeed;
  parentKey: string | null;
  sort: number;
  /** Platform-only when the menu or any ancestor is. */
  platformOnly: boolean;
}

export function flattenMenus(
  tree: MenuSeed[] = menuTree,
  parentKey: string | null = null,
  inherited = false,
): FlatMenu[] {
  return tree.flatMap((seed, i) => {
    const platformOnly = inherited || !!seed.platformOnly;
    return [
      { seed, parentKey, sort: (i + 1) * 10, platformOnly },
      ...flattenMenus(seed.children ?? [], seed.key, platformOnly),
    ];
  });
}

/**
 * The menus the platform company's people see: the operator's (platform-only) groups and the few tenant pages
 * the console needs too (operatorToo, with their children), never a tenant's business menus.
 */
export function operatorMenuKeys(tree: MenuSeed[] = menuTree): Set<string> {
  const keys = new Set<string>();
  const walk = (seeds: MenuSeed[], inherited: boolean) => {
    for (const seed of seeds) {
      const kept = inherited || !!seed.platformOnly || !!seed.operatorToo;
      if (kept) keys.add(seed.key);
      walk(seed.children ?? [], kept);
    }
  };
  walk(tree, false);
  return keys;
}

/**
 * Brings the menus table up to the seeded tree: new menus and buttons are added, seeded ones updated. Two
 * set-based statements that leave unchanged rows alone, so a start on an existing database writes nothing.
 */
export async function syncMenus(db: Queryable): Promise<{ menus: number; buttons: number }> {
  const flat = flattenMenus();
  const menus = flat.map(({ seed, parentKey, sort, platformOnly }) => ({
    id: menuId(seed.key),
    parent_id: parentKey ? menuId(parentKey) : null,
    key: seed.key,
    menuname: t('zh', `menu.${seed.key}`),
    icon: seed.icon ?? null,
    url: seed.url ?? null,
    query: seed.query ?? null,
    sort,
    hidden: seed.hidden ?? false,
    isone: seed.isone ?? false,
    formtype: seed.formtype ?? null,
    platform_only: platformOnly,
  }));
  const buttons = flat.flatMap(({ seed }) =>
    (seed.buttons ?? []).map((b, i) => ({
      id: buttonId(seed.key, b.action),
      menu_id: menuId(seed.key),
      name: t('zh', `button.${b.action}`),
      ext4: b.code ?? permissionCode(seed.key, b.action),
      sort: i,
    })),
  );
  const menuCols = 'id, parent_id, key, menuname, icon, url, query, sort, hidden, isone, formtype, platform_only';
  await db.query(
    `insert into menus(${menuCols})
     select ${menuCols} from jsonb_populate_recordset(null::menus, $1::jsonb)
     on conflict (id) do update set parent_id = excluded.parent_id, key = excluded.key, url = excluded.url,
       query = excluded.query, isone = excluded.isone, formtype = excluded.formtype, platform_only = excluded.platform_only,
       -- The name, icon, order and hidden flag the operator set in the menu editor stay.
       menuname = case when menus.operator_edited then menus.menuname else excluded.menuname end,
       icon = case when menus.operator_edited then menus.icon else excluded.icon end,
       sort = case when menus.operator_edited then menus.sort else excluded.sort end,
       hidden = case when menus.operator_edited then menus.hidden else excluded.hidden end
     where (menus.parent_id, menus.key, menus.url, menus.query, menus.isone, menus.formtype, menus.platform_only)
       is distinct from (excluded.parent_id, excluded.key, excluded.url, excluded.query, excluded.isone,
            excluded.formtype, excluded.platform_only)
        or (not menus.operator_edited and (menus.menuname, menus.icon, menus.sort, menus.hidden)
            is distinct from (excluded.menuname, excluded.icon, excluded.sort, excluded.hidden))`,
    [JSON.stringify(menus)],
  );
  await db.query(
    `insert into menu_buttons(id, menu_id, name, ext4, sort)
     select id, menu_id, name, ext4, sort from jsonb_populate_recordset(null::menu_buttons, $1::jsonb)
     on conflict (id) do update set name = excluded.name, ext4 = excluded.ext4, sort = excluded.sort
     where (menu_buttons.name, menu_buttons.ext4, menu_buttons.sort)
       is distinct from (excluded.name, excluded.ext4, excluded.sort)`,
    [JSON.stringify(buttons)],
  );
  return { menus: flat.length, buttons: buttons.length };
}
