/**
 * Patrol (1 巡检), spot check (2 点检) and maintenance (3 保养) share one mechanism; each kind has its own menu
 * pages whose button codes (seeded in the menu tree) grant it. Any kind's code opens the shared routes; the rows
 * a user reads and changes there are those of the kinds they hold the codes of (BY_KIND).
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

const KIND_OF_PAGE = new Map<string, Kind>(KINDS.flatMap((k) => Object.values(MENU[k]).map((m) => [m, k] as const)));

/**
 * The kind a code governs (a kind's menu page button), or null for a code over every kind (scanning, the
 * statistic page): the rows of the three kinds are split by these (EntityDef.permissionsBy).
 */
export const kindOfCode = (code: string): Kind | null => KIND_OF_PAGE.get(code.slice(0, code.lastIndexOf(':'))) ?? null;

export const BY_KIND = { field: 'kind', valueOf: kindOfCode } as const;

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
