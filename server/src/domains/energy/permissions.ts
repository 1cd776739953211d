/** The permission codes of the energy menu's buttons (menu energy, seed/menu-tree.ts). */
export const P = {
  view: 'energy:view',
  add: 'energy:add',
  edit: 'energy:edit',
  delete: 'energy:delete',
  import: 'energy:import',
  export: 'energy:export',
  /** Record readings (the phone page, a reading route). */
  read: 'energy:read',
  /** Print the reading sheet and the meter labels. */
  print: 'energy:print',
} as const;

/** Anyone who works on the energy pages may read them. */
export const VIEW = [P.view, P.add, P.edit, P.read, P.print] as const;
