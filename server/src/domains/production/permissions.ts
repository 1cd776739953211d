import type { EntityDef } from '../../platform/resources/types.js';

const KINDS = ['view', 'add', 'edit', 'delete', 'import', 'export'] as const;

/** The permission codes of a production menu's buttons (menu production.<page>, seed/menu-tree.ts). */
export const perms = (page: string): EntityDef['permissions'] =>
  Object.fromEntries(KINDS.map((k) => [k, `production:${page}:${k}`])) as EntityDef['permissions'];

/** The work order page's workflow buttons. */
export const P = {
  orderView: 'production:planWork:view',
  orderAdd: 'production:planWork:add',
  release: 'production:planWork:release',
  start: 'production:planWork:start',
  finish: 'production:planWork:finish',
  close: 'production:planWork:close',
  cancel: 'production:planWork:cancel',
  split: 'production:planWork:split',
  taskView: 'production:planTask:view',
  taskEdit: 'production:planTask:edit',
  schedule: 'production:planTask:schedule',
  reportView: 'production:report:view',
  report: 'production:report:add',
  reportsView: 'production:reports:view',
  reportsExport: 'production:reports:export',
  bomView: 'production:bom:view',
  bomImport: 'production:bom:import',
  routingView: 'production:routing:view',
  routingDesign: 'production:routing:design',
} as const;
