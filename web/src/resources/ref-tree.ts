import type { Option } from './types';

/** A choice of a reference field; `parent` is the parent choice when the target is a tree. */
export interface RefOption extends Option {
  parent?: number | null;
}

export interface TreeChoice {
  value: string | number;
  title: string;
  children?: TreeChoice[];
}

/**
 * The choices of a reference to a tree, nested under their parents in the order given. A choice whose parent
 * is not among them (filtered out, or past the limit) stands at the top.
 */
export function choiceTree(options: RefOption[]): TreeChoice[] {
  const nodes = new Map<string | number, TreeChoice>();
  for (const o of options) nodes.set(o.value, { value: o.value, title: o.label });
  const roots: TreeChoice[] = [];
  for (const o of options) {
    const node = nodes.get(o.value)!;
    const parent = o.parent != null && o.parent !== o.value ? nodes.get(o.parent) : undefined;
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}
