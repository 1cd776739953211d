import { createElement, lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** A report page for one or more declared reports (several give tabs). */
const report = (...keys: string[]) =>
  lazy(async () => {
    const m = await import('./ReportPage');
    return { default: () => createElement(m.default, { keys }) };
  });

/** Reports (报表): the pages of the declared reports and the operation log. */
export const pages: PageDef[] = [
  { path: '/reportform/equipmentChart', component: report('equipmentChart') },
  { path: '/reportform/workshopChart/ft', component: report('workshopChart', 'personnel') },
  { path: '/reportform/faultReasonChart/fr', component: report('faultReasonChart') },
  { path: '/reportform/faultRateChart', component: report('faultRateChart') },
  { path: '/reportform/mtchart', component: report('mtchart') },
  { path: '/reportform/oeechart', component: report('oeechart', 'oeeLosses') },
  { path: '/reportform/equipmentBYChart', component: report('equipmentBYChart') },
  { path: '/reportform/maintenanceTable', component: report('maintenanceTable') },
  { path: '/reportform/spareChart', component: report('spareChart') },
  { path: '/reportform/sparecostList', component: report('sparecostList') },
  { path: '/reportform/replace', component: report('replace') },
  { path: '/reportform/externalCost', component: report('externalCost') },
  { path: '/log/loglist', component: lazy(() => import('./OperationLogPage')) },
  { path: '/kbList', component: lazy(() => import('./KanbanListPage')) },
  { path: '/details', component: lazy(() => import('./BoardPage')) },
];
