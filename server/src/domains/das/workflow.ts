import type { WorkflowDef } from '../../platform/workflow/types.js';
import { P } from './permissions.js';

const result = [{ name: 'result', type: 'text' as const, maxLength: 1000 }];

/**
 * A device instruction's life: sent (published to the gateway) → acknowledged (the gateway has it) → done or
 * failed (the gateway's answer, with its result), or timed out when no answer came in time. Every step after
 * sending is the system's: the gateway's answers (ingest) and the timeout job run them as declared actions.
 */
export const instructionWorkflow: WorkflowDef = {
  stateField: 'state',
  messageType: 'deviceinstructions',
  link: (row) => `/das/instruction?id=${row.id}`,
  actions: [
    {
      name: 'acknowledge',
      from: ['sent'],
      to: 'acknowledged',
      permission: P.instructionSend,
      internal: true,
      stamp: { at: 'acknowledgedAt' },
    },
    {
      name: 'complete',
      from: ['sent', 'acknowledged'],
      to: 'done',
      permission: P.instructionSend,
      internal: true,
      fields: result,
      stamp: { at: 'finishedAt' },
      notify: (_s, after) => (after.senderId ? [Number(after.senderId)] : []),
    },
    {
      name: 'fail',
      from: ['sent', 'acknowledged'],
      to: 'failed',
      permission: P.instructionSend,
      internal: true,
      fields: result,
      stamp: { at: 'finishedAt' },
      notify: (_s, after) => (after.senderId ? [Number(after.senderId)] : []),
    },
    {
      name: 'timeout',
      from: ['sent', 'acknowledged'],
      to: 'timedOut',
      permission: P.instructionSend,
      internal: true,
      stamp: { at: 'finishedAt' },
      notify: (_s, after) => (after.senderId ? [Number(after.senderId)] : []),
    },
  ],
};
