import { businessError } from '../http/errors.js';
import type { FieldDef, WireRow } from '../resources/types.js';
import type { ActionDef, StepContext, WorkflowDef } from './types.js';

/** The life of a request document (allotment, scrap): draft → submitted → audited; recall: submitted → draft. */
export const DOC_STATES = ['draft', 'submitted', 'audited'] as const;

/** The state and audit fields every request document carries (set by its actions only). */
export const docStateFields: FieldDef[] = [
  { name: 'state', type: 'enum', options: DOC_STATES, default: 'draft', readOnly: true, filter: 'eq', sortable: true },
  { name: 'auditorId', type: 'ref', ref: 'user', readOnly: true, blocksDelete: false },
  { name: 'auditDate', type: 'datetime', readOnly: true, sortable: true },
];

/** A readable number: prefix, day of creation and the row id (DB20250301000042). */
export const docNumber =
  (prefix: string) =>
  (t: string): string =>
    `'${prefix}' || to_char(${t}.created_at, 'YYYYMMDD') || lpad(${t}.id::text, 6, '0')`;

/** Refuses a change to a document that is no longer a draft (check and beforeDelete hooks). */
export function assertDraft(row: WireRow | null | undefined): void {
  if (row && row.state !== 'draft') throw businessError('workflow.notDraft');
}

type Permission = string | readonly string[];

/**
 * The declared workflow of a request document: submit (approved through the enabled flow of its business
 * type, when there is one), audit with its side effect, recall.
 */
export function requestWorkflow(opts: {
  approvalType: string;
  submit: Permission;
  audit: Permission;
  recall: Permission;
  guardSubmit?: ActionDef['guard'];
  onAudit?: (step: StepContext, after: WireRow) => Promise<void>;
}): WorkflowDef {
  return {
    stateField: 'state',
    approvalType: opts.approvalType,
    actions: [
      {
        name: 'submit',
        from: ['draft'],
        to: 'submitted',
        permission: opts.submit,
        guard: opts.guardSubmit,
        approval: { completes: 'audit' },
        done: 'workflow.messages.submitted',
      },
      {
        name: 'audit',
        from: ['submitted'],
        to: 'audited',
        permission: opts.audit,
        stamp: { at: 'auditDate', by: 'auditorId' },
        done: 'workflow.messages.audited',
        after: opts.onAudit,
        notify: (s) => (s.row.createdBy ? [Number(s.row.createdBy)] : []),
      },
      {
        name: 'recall',
        from: ['submitted'],
        to: 'draft',
        permission: opts.recall,
        danger: true,
        done: 'workflow.messages.recalled',
      },
    ],
  };
}
