import { lazy } from 'react';
import type { PageDef } from '../../app/page-types';

/** Work groups, scheduling and equipment shifts (系统设置). */
export const pages: PageDef[] = [
  { path: '/setUp/team', component: lazy(() => import('./TeamPage')) },
  { path: '/setUp/scheduling', component: lazy(() => import('./SchedulingPage')) },
  { path: '/setUp/schedulingEquipment', component: lazy(() => import('./EquipmentShiftPage')) },
];
