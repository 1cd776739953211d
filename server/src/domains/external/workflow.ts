import type { WorkflowDef } from '../../platform/workflow/types.js';
import { P } from './permissions.js';
import { guardAccept, guardApprove, postToRepairOrder } from './rules.js';

const money = { type: 'decimal', precision: 14, scale: 2, min: 0, max: 999_999_999_999 } as const;
const creator = (row: Record<string, unknown>): number[] => (row.createdBy ? [Number(row.createdBy)] : []);

/**
 * draft → quoted (the vendor's quotation) → approved (or back to draft) → inProgress → executed (the vendor's
 * work and its cost) → accepted (with a rating of the vendor), or back to inProgress; cancelled before the work
 * starts. Each step has its own permission code (repair_admin:external:*).
 */
export const externalWorkflow: WorkflowDef = {
  stateField: 'state',
  link: (row) => `/repair_admin/external?id=${row.id}`,
  actions: [
    {
      name: 'quote',
      from: ['draft', 'quoted'],
      to: 'quoted',
      permission: P.quote,
      fields: [
        { name: 'quotedCost', ...money, required: true },
        { name: 'quoteNote', type: 'string', maxLength: 500 },
      ],
      stamp: { at: 'quotedAt' },
    },
    {
      name: 'approve',
      from: ['quoted'],
      to: 'approved',
      permission: P.approve,
      guard: guardApprove,
      stamp: { at: 'approvedAt', by: 'approverId' },
      notify: (_s, after) => creator(after),
    },
    {
      name: 'rejectQuote',
      from: ['quoted'],
      to: 'draft',
      permission: P.approve,
      commentRequired: true,
      danger: true,
      notify: (_s, after) => creator(after),
    },
    { name: 'start', from: ['approved'], to: 'inProgress', permission: P.execute, stamp: { at: 'startedAt' } },
    {
      name: 'finish',
      from: ['inProgress'],
      to: 'executed',
      permission: P.execute,
      fields: [
        { name: 'actualCost', ...money, required: true },
        { name: 'workNote', type: 'text', maxLength: 2000 },
      ],
      stamp: { at: 'finishedAt' },
      notify: (_s, after) => creator(after),
    },
    {
      name: 'accept',
      from: ['executed'],
      to: 'accepted',
      permission: P.accept,
      fields: [
        { name: 'rating', type: 'integer', min: 1, max: 5, required: true },
        { name: 'ratingComment', type: 'string', maxLength: 500 },
      ],
      guard: guardAccept,
      stamp: { at: 'acceptedAt', by: 'acceptorId' },
      apply: postToRepairOrder,
    },
    {
      name: 'rejectWork',
      from: ['executed'],
      to: 'inProgress',
      permission: P.accept,
      commentRequired: true,
      danger: true,
    },
    {
      name: 'cancel',
      from: ['draft', 'quoted', 'approved'],
      to: 'cancelled',
      permission: P.cancel,
      commentRequired: true,
      danger: true,
    },
  ],
};
