/** The permission codes of the external maintenance page's buttons (menu repair_admin.external). */
export const P = {
  view: 'repair_admin:external:view',
  add: 'repair_admin:external:add',
  edit: 'repair_admin:external:edit',
  delete: 'repair_admin:external:delete',
  export: 'repair_admin:external:export',
  quote: 'repair_admin:external:quote',
  approve: 'repair_admin:external:audit',
  execute: 'repair_admin:external:execute',
  accept: 'repair_admin:external:accept',
  cancel: 'repair_admin:external:cancel',
} as const;

/** The vendor page's buttons (menu repair_admin.vendor). */
export const V = {
  view: 'repair_admin:vendor:view',
  add: 'repair_admin:vendor:add',
  edit: 'repair_admin:vendor:edit',
  delete: 'repair_admin:vendor:delete',
  import: 'repair_admin:vendor:import',
  export: 'repair_admin:vendor:export',
} as const;
