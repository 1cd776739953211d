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
