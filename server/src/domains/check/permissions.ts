/**
 * Patrol (1 巡检), spot check (2 点检) and maintenance (3 保养) share one mechanism; each kind has its own menu
 * pages whose button codes (seeded in the menu tree) grant it. Any kind's code opens the shared routes.
 */
export const KINDS = [1, 2, 3] as const;
export type Kind = (typeof KINDS)[number];

const MENU: Record<Kind, { project: string; scheme: string; plan: string; task: string }> = {
  1: { project: 'patrol:project', scheme: 'patrol:programme', plan: 'patrol:plan', task: 'patrol:task' },
  2: { project: 'check:spotcheck', scheme: 'check:spotcheckmethod', plan: 'check:spotcheckPlan', task: 'check:task' },
  3: { project: 'maintain:project', scheme: 'maintain:programme', plan: 'maintain:plan', task: 'maintain:task' },
};

/** The codes of one button of one page over the three kinds, e.g. codes('plan', 'enable'). */
export const codes = (page: keyof (typeof MENU)[1], action: string): string[] =>
  KINDS.map((k) => `${MENU[k][page]}:${action}`);

/** Opening a task by scanning a machine (/maintain/byScan). */
export const BY_SCAN = 'maintain:byScan:execute';

export const P = {
  taskView: [...codes('task', 'view'), BY_SCAN],
  taskExecute: [...codes('task', 'execute'), BY_SCAN],
  taskAssign: codes('task', 'assign'),
  taskAudit: codes('task', 'audit'),
  taskClose: codes('task', 'close'),
  taskExport: codes('task', 'export'),
  statistic: ['check:checktaskStatistic:view', ...codes('task', 'view')],
  planEnable: codes('plan', 'enable'),
  planGenerate: codes('plan', 'generate'),
  planView: codes('plan', 'view'),
};
