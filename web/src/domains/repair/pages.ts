import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** Repair: the repair orders (维修任务), the experience base, repair settings, the printed order, public reports. */
export const pages: PageDef[] = [
  { path: '/repair_admin/task/:type', component: lazy(() => import('./RepairTaskPage')) },
  { path: '/experience/index', component: lazy(() => import('./ExperiencePage')) },
  { path: '/experInfo/index', component: lazy(() => import('./ExperienceDetail')), noCache: true },
  { path: '/setUp/repair', component: lazy(() => import('./RepairSettingsPage')) },
  { path: '/repairtemplate', component: lazy(() => import('./PrintOrder')) },
  { path: '/report/:token', component: lazy(() => import('./PublicReportPage')) },
];
