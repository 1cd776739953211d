/** The permission codes of the repair task page's buttons (menu repair_admin.task). */
export const P = {
  view: 'repair_admin:task:view',
  add: 'repair_admin:task:add',
  edit: 'repair_admin:task:edit',
  delete: 'repair_admin:task:delete',
  assign: 'repair_admin:task:assign',
  execute: 'repair_admin:task:execute',
  audit: 'repair_admin:task:audit',
  close: 'repair_admin:task:close',
  export: 'repair_admin:task:export',
} as const;
