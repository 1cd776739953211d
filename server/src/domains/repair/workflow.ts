import type { Lang } from '../../platform/i18n/index.js';
import type { WireRow } from '../../platform/resources/types.js';
import type { TenantTx } from '../../platform/tenancy/tenant-tx.js';
import type { WorkflowDef } from '../../platform/workflow/types.js';
import { P } from './permissions.js';
import { afterClose, finishValues, guardAccept, setMachineStopped } from './rules.js';

const userId = (v: unknown): number[] => (v ? [Number(v)] : []);

/** An order under repair again (started, or sent back by a reject or an approval): a stopping fault stops its machine. */
const backToRepair = (tx: TenantTx, lang: Lang, order: WireRow): Promise<void> =>
  order.stopped ? setMachineStopped(tx, lang, order.equipmentId, true) : Promise.resolve();

/**
 * reported → dispatched → accepted (接单) → repairing ⇄ paused → finished → checked (验收) or back to
 * repairing; cancelled before the work starts. Finishing starts the acceptance approval when the tenant has
 * an enabled repair flow; its last approval checks the order.
 */
export const repairWorkflow: WorkflowDef = {
  stateField: 'state',
  statusCall: true,
  approvalType: 'repair',
  messageType: 'repair',
  link: (row: WireRow) => `/repair_admin/task/0?id=${row.id}`,
  actions: [
    {
      name: 'dispatch',
      from: ['reported', 'dispatched', 'accepted'],
      to: 'dispatched',
      permission: P.assign,
      fields: [
        { name: 'assigneeId', type: 'ref', ref: 'user', required: true },
        { name: 'workgroupId', type: 'ref', ref: 'workgroup' },
        { name: 'planFinish', type: 'datetime' },
      ],
      stamp: { at: 'dispatchedAt', by: 'dispatcherId' },
      // The group left empty keeps the order's work group (a dispatch names a person, not a new group).
      apply: (s) => ({ workgroupId: s.input.workgroupId ?? s.row.workgroupId ?? null }),
      notify: (_s, after) => userId(after.assigneeId),
    },
    {
      name: 'accept',
      from: ['reported', 'dispatched'],
      to: 'accepted',
      permission: P.execute,
      guard: guardAccept,
      apply: (s) => ({
        assigneeId: s.row.assigneeId ?? s.tx.userId,
        acceptedAt: new Date().toISOString(),
        responseMinutes: minutesSince(s.row.reportedAt),
      }),
      notify: (_s, after) => userId(after.reporterId),
    },
    {
      name: 'start',
      from: ['accepted'],
      to: 'repairing',
      permission: P.execute,
      stamp: { at: 'startedAt' },
      after: (s, after) => backToRepair(s.tx, s.lang, after),
    },
    {
      name: 'pause',
      from: ['repairing'],
      to: 'paused',
      permission: P.execute,
      fields: [{ name: 'pauseReason', type: 'enum', options: ['parts', 'outside', 'other'], required: true }],
      notify: (_s, after) => userId(after.dispatcherId),
    },
    { name: 'resume', from: ['paused'], to: 'repairing', permission: P.execute },
    {
      name: 'finish',
      from: ['repairing'],
      to: 'finished',
      permission: P.execute,
      fields: [
        { name: 'faultReasonId', type: 'ref', ref: 'faultreason', required: true },
        { name: 'problemCode', type: 'dict', dict: 'repairproblem' },
        { name: 'causeCode', type: 'dict', dict: 'repaircause' },
        { name: 'remedyCode', type: 'dict', dict: 'repairremedy' },
        { name: 'remedy', type: 'text', maxLength: 2000 },
      ],
      stamp: { at: 'finishedAt' },
      apply: finishValues,
      after: (s, after) => afterClose(s.tx, s.lang, after),
      // A rejected or recalled sign-off is back under repair as a rejected one is: its machine stops again.
      approval: { completes: 'check', returned: backToRepair },
      notify: (_s, after) => userId(after.reporterId),
    },
    {
      name: 'check',
      from: ['finished'],
      to: 'checked',
      permission: P.audit,
      stamp: { at: 'checkedAt', by: 'checkerId' },
      notify: (_s, after) => userId(after.assigneeId),
    },
    {
      name: 'reject',
      from: ['finished'],
      to: 'repairing',
      permission: P.audit,
      commentRequired: true,
      danger: true,
      after: (s, after) => backToRepair(s.tx, s.lang, after),
      notify: (_s, after) => userId(after.assigneeId),
    },
    {
      name: 'cancel',
      from: ['reported', 'dispatched'],
      to: 'cancelled',
      permission: P.close,
      commentRequired: true,
      danger: true,
      after: (s, after) => afterClose(s.tx, s.lang, after),
      notify: (_s, after) => [...userId(after.reporterId), ...userId(after.assigneeId)],
    },
  ],
};

/** Whole minutes from a time until now. */
export function minutesSince(from: unknown, to: Date = new Date()): number | null {
  if (!from) return null;
  const start = new Date(String(from)).getTime();
  return Number.isNaN(start) ? null : Math.max(0, Math.round((to.getTime() - start) / 60_000));
}
