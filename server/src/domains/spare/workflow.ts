import type { WireRow } from '../../platform/resources/types.js';
import type { WorkflowDef } from '../../platform/workflow/types.js';
import { guardCancel, guardPost, guardPostNow, guardRecall, guardSubmit } from './guards.js';
import { ALL_RECALL, ALL_WRITE, APPROVAL_TYPES, type DocType, P } from './permissions.js';
import { postDoc, reserve } from './posting.js';

const userId = (v: unknown): number[] => (v ? [Number(v)] : []);

/** The web page of a document of each type. */
const PAGE: Record<DocType, string> = {
  receipt: '/spare/in',
  issue: '/spare/out',
  transfer: '/spare/allot',
  adjust: '/spare/stock',
};

/**
 * draft → submitted → approved → posted. Submitting starts the approval of the document type's flow when the
 * tenant has one enabled (its last approval approves); without one an auditor approves by hand. A submitted
 * document is recalled or rejected back to draft. Approving an issue or transfer reserves its quantities;
 * posting moves the stock, cancelling an approved one releases them. Without an enabled flow of its type, one who
 * may both write and approve it posts a draft in one step (postNow).
 */
export const docWorkflow: WorkflowDef = {
  stateField: 'state',
  approvalType: 'spareOut',
  approvalTypeOf: (row) => APPROVAL_TYPES[row.type as DocType] ?? 'spareOut',
  messageType: 'spare',
  link: (row: WireRow) => `${PAGE[row.type as DocType] ?? '/spare/stock'}?id=${row.id}`,
  actions: [
    {
      name: 'submit',
      from: ['draft'],
      to: 'submitted',
      permission: ALL_WRITE,
      guard: guardSubmit,
      stamp: { at: 'submittedAt', by: 'submitterId' },
      approval: { completes: 'approve' },
    },
    {
      name: 'approve',
      from: ['submitted'],
      to: 'approved',
      permission: P.audit,
      stamp: { at: 'approvedAt', by: 'approverId' },
      after: (s, after) => reserve(s.tx, s.lang, after, 1),
      notify: (_s, after) => userId(after.submitterId),
    },
    {
      name: 'reject',
      from: ['submitted'],
      to: 'draft',
      permission: P.audit,
      commentRequired: true,
      danger: true,
      notify: (_s, after) => userId(after.submitterId),
    },
    {
      name: 'recall',
      from: ['submitted'],
      to: 'draft',
      permission: ALL_RECALL,
      guard: guardRecall,
    },
    {
      name: 'post',
      from: ['approved'],
      to: 'posted',
      permission: ALL_WRITE,
      guard: guardPost,
      stamp: { at: 'postedAt', by: 'posterId' },
      after: (s, after) => postDoc(s.tx, s.lang, after),
      notify: (_s, after) => userId(after.submitterId),
    },
    {
      name: 'postNow',
      from: ['draft'],
      to: 'posted',
      permission: P.audit,
      guard: guardPostNow,
      apply: (s) => {
        const now = new Date().toISOString();
        return { submitterId: s.tx.userId, submittedAt: now, approverId: s.tx.userId, approvedAt: now };
      },
      stamp: { at: 'postedAt', by: 'posterId' },
      after: (s, after) => postDoc(s.tx, s.lang, after, { direct: true }),
    },
    {
      name: 'cancel',
      from: ['approved'],
      to: 'cancelled',
      permission: [...ALL_RECALL, P.audit],
      guard: guardCancel,
      danger: true,
      after: (s, after) => reserve(s.tx, s.lang, after, -1),
      notify: (_s, after) => userId(after.submitterId),
    },
  ],
};
