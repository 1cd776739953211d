import { useLocation } from 'react-router';

/** The kind of a page from its menu group: /patrol 1 (巡检), /check 2 (点检), /maintain 3 (保养). */
export function kindOfPath(pathname: string): 1 | 2 | 3 {
  if (pathname.startsWith('/patrol')) return 1;
  if (pathname.startsWith('/maintain')) return 3;
  return 2;
}

export const useKind = () => kindOfPath(useLocation().pathname);

/** The task page of a kind (the links of messages and prints). */
export const TASK_PAGE: Record<number, string> = { 1: '/patrol/task/1', 2: '/check/task/2', 3: '/maintain/task/2' };
/** The print template of a kind. */
export const PRINT_PAGE: Record<number, string> = { 1: '/inspecttemplate', 2: '/checktemplate', 3: '/bytemplate' };

/** The plan page's button codes of a kind (seeded menu buttons; the server checks the same codes). */
const PLAN_PAGE: Record<number, string> = { 1: 'patrol:plan', 2: 'check:spotcheckPlan', 3: 'maintain:plan' };
export const planCode = (kind: number, action: 'generate' | 'view') => `${PLAN_PAGE[kind]}:${action}`;
