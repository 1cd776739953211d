import type { WorkflowDef } from '../../platform/workflow/types.js';
import { mesAccounts } from './mes-notify.js';
import { P } from './permissions.js';
import { makeTasks, releaseValues } from './release.js';
import { syncMaterials } from './stock.js';

/**
 * planned → released (routing and BOM fixed, plan tasks made) → inProgress (by hand, or by the first report) →
 * done → closed; a planned or released order may be cancelled with a reason (what it drew goes back). Closed
 * orders take no reports.
 */
/** Every step of an order is told to the company's MES-registered accounts (mes-notify.ts). */
const toMes = { notify: (s: { tx: Parameters<typeof mesAccounts>[0] }) => mesAccounts(s.tx) };

export const orderWorkflow: WorkflowDef = {
  stateField: 'state',
  statusCall: true,
  messageType: 'production',
  link: (row) => `/production/planWork?id=${row.id}`,
  actions: [
    {
      name: 'release',
      from: ['planned'],
      to: 'released',
      permission: P.release,
      ...toMes,
      stamp: { at: 'releasedAt' },
      apply: (s) => releaseValues(s.tx, s.row),
      after: async (s, after) => {
        await makeTasks(s.tx, s.lang, after);
        await syncMaterials(s.tx, s.lang, Number(after.id));
      },
    },
    { name: 'start', from: ['released'], to: 'inProgress', permission: P.start, stamp: { at: 'startedAt' }, ...toMes },
    { name: 'finish', from: ['inProgress'], to: 'done', permission: P.finish, stamp: { at: 'finishedAt' }, ...toMes },
    { name: 'close', from: ['done'], to: 'closed', permission: P.close, stamp: { at: 'closedAt' }, ...toMes },
    {
      name: 'cancel',
      from: ['planned', 'released'],
      to: 'cancelled',
      permission: P.cancel,
      commentRequired: true,
      danger: true,
      ...toMes,
      // What a released order drew goes back to its warehouse.
      after: (s, after) => syncMaterials(s.tx, s.lang, Number(after.id)),
    },
  ],
};
