import type { RollupRow } from './api';

export type TreeRow = RollupRow & { depth: number; children?: TreeRow[] };

/**
 * The meters as a tree by their parent (a meter whose parent is not in the list is a root), and the same tree
 * flattened in order with each meter's depth, for a phone's cards.
 */
export function meterTree(rows: readonly RollupRow[]): { roots: TreeRow[]; flat: TreeRow[] } {
  const byId = new Map<number, TreeRow>(rows.map((r) => [r.id, { ...r, depth: 0 }]));
  const roots: TreeRow[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  const flat: TreeRow[] = [];
  const walk = (nodes: TreeRow[], depth: number) => {
    for (const n of nodes) {
      n.depth = depth;
      flat.push(n);
      if (n.children) walk(n.children, depth + 1);
    }
  };
  walk(roots, 0);
  return { roots, flat };
}
