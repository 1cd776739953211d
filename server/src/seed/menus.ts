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

/** Brings the menus table up to the seeded tree: new menus and buttons are added, seeded ones updated. */
export async function syncMenus(db: Queryable): Promise<{ menus: number; buttons: number }> {
  const flat = flattenMenus();
  let buttons = 0;
  for (const { seed, parentKey, sort, platformOnly } of flat) {
    await db.query(
      `insert into menus(id, parent_id, key, menuname, icon, url, query, sort, hidden, isone, formtype, platform_only)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)
       on conflict (id) do update set parent_id = excluded.parent_id, key = excluded.key, menuname = excluded.menuname,
         icon = excluded.icon, url = excluded.url, query = excluded.query, sort = excluded.sort, hidden = excluded.hidden,
         isone = excluded.isone, formtype = excluded.formtype, platform_only = excluded.platform_only`,
      [
        menuId(seed.key),
        parentKey ? menuId(parentKey) : null,
        seed.key,
        t('zh', `menu.${seed.key}`),
        seed.icon ?? null,
        seed.url ?? null,
        seed.query ?? null,
        sort,
        seed.hidden ?? false,
        seed.isone ?? false,
        seed.formtype ?? null,
        platformOnly,
      ],
    );
    for (const [i, b] of (seed.buttons ?? []).entries()) {
      buttons++;
      await db.query(
        `insert into menu_buttons(id, menu_id, name, ext4, sort) values ($1,$2,$3,$4,$5)
         on conflict (id) do update set name = excluded.name, ext4 = excluded.ext4, sort = excluded.sort`,
        [
          buttonId(seed.key, b.action),
          menuId(seed.key),
          t('zh', `button.${b.action}`),
          b.code ?? permissionCode(seed.key, b.action),
          i,
        ],
      );
    }
  }
  return { menus: flat.length, buttons };
}
