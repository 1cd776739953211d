import type { WorkflowDef } from '../../platform/workflow/types.js';
import { guardSubmit } from './project.js';

// The codes are those of project-resources.ts (PJ); repeated here as literals to keep the two files acyclic.
const EXECUTE = 'project:execute';
const AUDIT = 'project:audit';

/**
 * planned → executing (started) → auditing (submitted with its execution fields filled in) → approved, or back
 * to executing when the audit rejects it. With an enabled approval flow of type project, the submission walks
 * the flow's nodes and its last approval approves the project.
 */
export const projectWorkflow: WorkflowDef = {
  stateField: 'state',
  approvalType: 'project',
  link: (row) => `/project/projectSaveLook?id=${row.id}`,
  actions: [
    { name: 'start', from: ['planned'], to: 'executing', permission: EXECUTE, stamp: { at: 'startedAt' } },
    {
      name: 'submit',
      from: ['executing'],
      to: 'auditing',
      permission: EXECUTE,
      guard: guardSubmit,
      stamp: { at: 'submittedAt' },
      approval: { completes: 'approve' },
    },
    {
      name: 'approve',
      from: ['auditing'],
      to: 'approved',
      permission: AUDIT,
      stamp: { at: 'approvedAt', by: 'approverId' },
      notify: (_s, after) => (after.createdBy ? [Number(after.createdBy)] : []),
    },
    {
      name: 'reject',
      from: ['auditing'],
      to: 'executing',
      permission: AUDIT,
      commentRequired: true,
      danger: true,
      notify: (_s, after) => (after.assigneeId ? [Number(after.assigneeId)] : []),
    },
  ],
};
