import type { WireRow } from '../../platform/resources/types.js';
import type { WorkflowDef } from '../../platform/workflow/types.js';
import {
  afterFinish,
  finishValues,
  guardAnswered,
  guardExecutor,
  guardNewAssignee,
  raiseFromDanger,
} from './execute.js';
import { P } from './permissions.js';
import { guardPlanReady } from './rules.js';

const userId = (v: unknown): number[] => (v ? [Number(v)] : []);
const KIND_PAGE: Record<string, string> = { '1': '/patrol/task/1', '2': '/check/task/2', '3': '/maintain/task/2' };

/** A plan makes tasks only while it is on. */
export const planWorkflow: WorkflowDef = {
  stateField: 'state',
  messageType: 'checkplan',
  actions: [
    {
      name: 'enable',
      from: ['off'],
      to: 'on',
      permission: P.planEnable,
      stamp: { at: 'enabledAt' },
      guard: guardPlanReady,
    },
    { name: 'disable', from: ['on'], to: 'off', permission: P.planEnable, danger: true },
  ],
};

/**
 * pending → doing (the first answer or start) → done; a lead reassigns, extends or closes an open task with a
 * reason. Finishing raises repair orders for abnormal items (or puts them in the danger pool).
 */
export const taskWorkflow: WorkflowDef = {
  stateField: 'state',
  statusCall: true,
  messageType: 'checktask',
  link: (row: WireRow) => `${KIND_PAGE[String(row.kind)] ?? '/check/task/2'}?id=${row.id}`,
  actions: [
    {
      name: 'start',
      from: ['pending'],
      to: 'doing',
      permission: P.taskExecute,
      stamp: { at: 'startedAt' },
      guard: guardExecutor,
    },
    {
      name: 'finish',
      from: ['doing'],
      to: 'done',
      permission: P.taskExecute,
      guard: guardAnswered,
      apply: finishValues,
      after: afterFinish,
    },
    {
      name: 'reassign',
      from: ['pending', 'doing'],
      to: 'pending',
      permission: P.taskAssign,
      fields: [{ name: 'assigneeId', type: 'ref', ref: 'user', required: true }],
      guard: guardNewAssignee,
      notify: (_s, after) => userId(after.assigneeId),
    },
    {
      name: 'extend',
      from: ['pending', 'doing'],
      to: 'pending',
      permission: P.taskAssign,
      commentRequired: true,
      fields: [{ name: 'deadline', type: 'datetime', required: true }],
      notify: (_s, after) => userId(after.assigneeId),
    },
    {
      name: 'close',
      from: ['pending', 'doing'],
      to: 'closed',
      permission: P.taskClose,
      commentRequired: true,
      danger: true,
      apply: (s) => ({ remark: s.comment }),
      notify: (_s, after) => userId(after.assigneeId),
    },
  ],
};

/** The danger pool (隐患池): an abnormal item that raised no order waits for a lead's decision. */
export const dangerWorkflow: WorkflowDef = {
  stateField: 'dangerState',
  messageType: 'checktask',
  actions: [
    { name: 'raiseRepair', from: ['open'], to: 'repaired', permission: P.taskAudit, after: raiseFromDanger },
    { name: 'dismiss', from: ['open'], to: 'dismissed', permission: P.taskAudit, commentRequired: true, danger: true },
  ],
};
