import type { Queryable } from '../../db/index.js';

export interface MenuRow {
  id: string;
  parent_id: string | null;
  key: string | null;
  menuname: string;
  icon: string | null;
  url: string | null;
  query: string | null;
  sort: number;
  hidden: boolean;
  isone: boolean;
  formtype: number | null;
  fromproject: boolean;
  platform_only: boolean;
  /** Read only for the menu editor, which sends it back with an edit. */
  updated_at?: Date;
}

export interface ButtonRow {
  id: string;
  menu_id: string;
  name: string;
  ext4: string;
  sort: number;
}

export interface MenuNode {
  id: string;
  parentId: string | null;
  key: string | null;
  menuname: string;
  icon: string | null;
  url: string | null;
  query: string | null;
  sort: number;
  hidden: boolean;
  isone: boolean;
  formtype: number | null;
  fromproject: boolean;
  updatedAt?: string;
  button: { id: string; name: string; ext4: string }[];
  children: MenuNode[];
}

/**
 * Nests menus into a tree, keeping only `visible` ids and their ancestors (a granted page brings its group).
 * Siblings are ordered by sort, then by id.
 */
export function buildTree(menus: MenuRow[], buttons: ButtonRow[], visible?: ReadonlySet<string>): MenuNode[] {
  const byId = new Map(menus.map((m) => [m.id, m]));
  let keep: Set<string>;
  if (visible) {
    keep = new Set();
    for (const id of visible) {
      let cur = byId.get(id);
      while (cur && !keep.has(cur.id)) {
        keep.add(cur.id);
        cur = cur.parent_id ? byId.get(cur.parent_id) : undefined;
      }
    }
  } else keep = new Set(byId.keys());
  const nodes = new Map<string, MenuNode>();
  for (const m of menus) {
    if (!keep.has(m.id)) continue;
    nodes.set(m.id, {
      id: m.id,
      parentId: m.parent_id,
      key: m.key,
      menuname: m.menuname,
      icon: m.icon,
      url: m.url,
      query: m.query,
      sort: m.sort,
      hidden: m.hidden,
      isone: m.isone,
      formtype: m.formtype,
      fromproject: m.fromproject,
      ...(m.updated_at ? { updatedAt: m.updated_at.toISOString() } : {}),
      button: [],
      children: [],
    });
  }
  for (const b of [...buttons].sort((a, c) => a.sort - c.sort)) {
    nodes.get(b.menu_id)?.button.push({ id: b.id, name: b.name, ext4: b.ext4 });
  }
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  const order = (list: MenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id.localeCompare(b.id));
    for (const n of list) order(n.children);
  };
  order(roots);
  return roots;
}

/**
 * The given tenant menus (operator-only ones and a company's own pages left out, unless `anyMenu`) with every
 * ancestor, so a page never loses its group.
 */
export async function withAncestors(db: Queryable, menuIds: string[], anyMenu = false): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `with recursive up(id, parent_id) as (
       select id, parent_id from menus
        where id = any($1::uuid[]) and ($2::boolean or (not platform_only and owner_tenant_id is null))
       union select m.id, m.parent_id from menus m join up on m.id = up.parent_id)
     select id from up`,
    [menuIds, anyMenu],
  );
  return r.rows.map((x) => x.id);
}

/** The given menus with every descendant. */
export async function withDescendants(db: Queryable, menuIds: string[]): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `with recursive down(id) as (
       select id from menus where id = any($1::uuid[])
       union select m.id from menus m join down on m.parent_id = down.id)
     select id from down`,
    [menuIds],
  );
  return r.rows.map((x) => x.id);
}

const MENU_COLS = `m.id, m.parent_id, m.key, m.menuname, m.icon, m.url, m.query, m.sort, m.hidden, m.isone,
  m.formtype, m.fromproject, m.platform_only`;

/** Menus a tenant can be given (not the operator's own pages), as a tree with their buttons. */
export async function tenantMenuTree(db: Queryable, visible?: ReadonlySet<string>) {
  const menus = await db.query<MenuRow>(
    `select ${MENU_COLS} from menus m where not m.platform_only and m.owner_tenant_id is null`,
  );
  const buttons = await db.query<ButtonRow>(
    `select b.id, b.menu_id, b.name, b.ext4, b.sort from menu_buttons b
       join menus m on m.id = b.menu_id and not m.platform_only and m.owner_tenant_id is null`,
  );
  return buildTree(menus.rows, buttons.rows, visible);
}
